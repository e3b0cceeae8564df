CREATE TABLE "phone_migration_conflicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"table_name" varchar(40) NOT NULL,
	"row_id" uuid NOT NULL,
	"phone" varchar(32) NOT NULL,
	"normalised" varchar(32),
	"reason" varchar(20) NOT NULL,
	"kept_row_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "admins_phone_unique";