CREATE TABLE "auth_failures" (
	"key_hash" varchar(64) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_failures_key_hash_ip_pk" PRIMARY KEY("key_hash","ip")
);
--> statement-breakpoint
CREATE INDEX "auth_failures_updated_idx" ON "auth_failures" USING btree ("updated_at");