CREATE TABLE "admin_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"payout_id" uuid,
	"originator_conversation_id" varchar(64) NOT NULL,
	"conversation_id" varchar(100),
	"token_hash" varchar(64) NOT NULL,
	"status_token_hash" varchar(64),
	"phone" varchar(32) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"state" varchar(20) DEFAULT 'queued' NOT NULL,
	"result_code" varchar(20),
	"result_desc" text,
	"receipt" varchar(20),
	"tries" integer DEFAULT 0 NOT NULL,
	"status_queries" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_attempts_state_check" CHECK (state IN ('queued', 'sending', 'accepted', 'querying', 'succeeded', 'failed', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" varchar(10) NOT NULL,
	"created_by" uuid,
	"test_id" uuid,
	"count" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_provider_check" CHECK (provider IN ('manual', 'mpesa')),
	CONSTRAINT "payouts_count_check" CHECK ("payouts"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_hours_worked_check";--> statement-breakpoint
DROP INDEX "payments_application_unique";--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "hours_worked" SET DATA TYPE numeric(6, 2);--> statement-breakpoint
ALTER TABLE "earnings" ALTER COLUMN "total_earned" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "earnings" ALTER COLUMN "total_earned" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "earnings" ALTER COLUMN "total_paid" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "earnings" ALTER COLUMN "total_paid" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "earnings" ALTER COLUMN "pending_payments" SET DATA TYPE numeric(14, 2);--> statement-breakpoint
ALTER TABLE "earnings" ALTER COLUMN "pending_payments" SET DEFAULT '0.00';--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount" SET DATA TYPE numeric(12, 2);--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "payout_phone" varchar(32);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reason" varchar(20) DEFAULT 'completion' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_to" varchar(32);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "step_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "step_up_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD CONSTRAINT "admin_recovery_codes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_attempts" ADD CONSTRAINT "payout_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_attempts" ADD CONSTRAINT "payout_attempts_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_recovery_codes_admin_idx" ON "admin_recovery_codes" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_attempts_originator_unique" ON "payout_attempts" USING btree ("originator_conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_attempts_token_unique" ON "payout_attempts" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_attempts_status_token_unique" ON "payout_attempts" USING btree ("status_token_hash");--> statement-breakpoint
CREATE INDEX "payout_attempts_payment_idx" ON "payout_attempts" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payout_attempts_due_idx" ON "payout_attempts" USING btree ("state","next_check_at");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_application_reason_unique" ON "payments" USING btree ("application_id","reason") WHERE reason IN ('completion', 'show_up', 'transport');--> statement-breakpoint
CREATE INDEX "payments_application_idx" ON "payments" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "payments_payout_idx" ON "payments" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payments_processed_idx" ON "payments" USING btree ("processed_at");--> statement-breakpoint
CREATE INDEX "payments_released_idx" ON "payments" USING btree ("released_at");--> statement-breakpoint
CREATE INDEX "payments_failed_idx" ON "payments" USING btree ("failed_at");--> statement-breakpoint
CREATE INDEX "payments_refunded_idx" ON "payments" USING btree ("refunded_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_hours_worked_check" CHECK ("applications"."hours_worked" IS NULL OR "applications"."hours_worked" BETWEEN 0 AND 9999.99);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reason_check" CHECK (reason IN ('completion', 'show_up', 'transport', 'bonus', 'other'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_attempts_check" CHECK ("payments"."attempts" >= 0);--> statement-breakpoint
UPDATE "payments" SET "failed_at" = "updated_at" WHERE "status" = 'failed';--> statement-breakpoint
UPDATE "payments" SET "refunded_at" = "updated_at" WHERE "status" = 'refunded';--> statement-breakpoint
UPDATE "payments" SET "released_at" = "updated_at" WHERE "status" = 'processing';
