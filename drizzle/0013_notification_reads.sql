CREATE TABLE "notification_reads" (
	"admin_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"event_id" uuid NOT NULL,
	"event_at" timestamp (6) with time zone NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_admin_id_kind_event_id_pk" PRIMARY KEY("admin_id","kind","event_id"),
	CONSTRAINT "notification_reads_kind_check" CHECK ("notification_reads"."kind" in ('application', 'client-request', 'research-request'))
);
--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;