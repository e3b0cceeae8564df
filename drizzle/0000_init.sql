CREATE TABLE "admins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" varchar(100) DEFAULT '' NOT NULL,
	"last_name" varchar(100) DEFAULT '' NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(32),
	"password_hash" text NOT NULL,
	"username" varchar(254) NOT NULL,
	"role" varchar(20) DEFAULT 'admin' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"login_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"password_reset_token" text,
	"password_reset_expires" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admins_role_check" CHECK (role IN ('admin', 'super_admin')),
	CONSTRAINT "admins_login_attempts_check" CHECK ("admins"."login_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participant_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"status" varchar(20) DEFAULT 'interested' NOT NULL,
	"screening" text,
	"feedback" text,
	"rating" integer,
	"hours_worked" numeric(4, 2),
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "applications_participant_test_unique" UNIQUE("participant_id","test_id"),
	CONSTRAINT "applications_status_check" CHECK (status IN ('interested', 'screening', 'selected', 'scheduled', 'completed', 'declined', 'disqualified')),
	CONSTRAINT "applications_rating_check" CHECK ("applications"."rating" IS NULL OR "applications"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "applications_hours_worked_check" CHECK ("applications"."hours_worked" IS NULL OR "applications"."hours_worked" BETWEEN 0 AND 99.99)
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"user_type" varchar(20),
	"action" varchar(100) NOT NULL,
	"resource" varchar(50) NOT NULL,
	"resource_id" varchar(100),
	"ip_address" varchar(64),
	"user_agent" text,
	"details" jsonb,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" varchar(200) NOT NULL,
	"contact_person" varchar(200) NOT NULL,
	"email" varchar(254) NOT NULL,
	"service" varchar(30) NOT NULL,
	"urgency" varchar(20),
	"budget" varchar(20),
	"message" text NOT NULL,
	"status" varchar(20) DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_requests_status_check" CHECK (status IN ('new', 'contacted', 'in-progress', 'closed')),
	CONSTRAINT "client_requests_service_check" CHECK (service IN ('fractional-pm', 'optimization', 'research', 'prioritization', 'market-fit', 'operational', 'other')),
	CONSTRAINT "client_requests_urgency_check" CHECK (urgency IS NULL OR urgency IN ('asap', '2-weeks', '1-month', 'flexible')),
	CONSTRAINT "client_requests_budget_check" CHECK (budget IS NULL OR budget IN ('5k-15k', '15k-30k', '30k-50k', '50k+', 'discuss'))
);
--> statement-breakpoint
CREATE TABLE "earnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participant_id" uuid NOT NULL,
	"total_earned" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"total_paid" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"pending_payments" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"completed_tests" integer DEFAULT 0 NOT NULL,
	"last_payment_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earnings_total_earned_check" CHECK ("earnings"."total_earned" >= 0),
	CONSTRAINT "earnings_total_paid_check" CHECK ("earnings"."total_paid" >= 0),
	CONSTRAINT "earnings_pending_check" CHECK ("earnings"."pending_payments" >= 0),
	CONSTRAINT "earnings_completed_tests_check" CHECK ("earnings"."completed_tests" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" varchar(254) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"kind" varchar(50) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" uuid,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "mail_outbox_attempts_check" CHECK ("mail_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(32) NOT NULL,
	"password_hash" text NOT NULL,
	"profile_photo" text,
	"location" varchar(200),
	"age" varchar(20),
	"occupation" varchar(200),
	"date_of_birth" varchar(10),
	"education" varchar(50),
	"is_active" boolean DEFAULT true NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"login_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"password_reset_token" text,
	"password_reset_expires" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participants_login_attempts_check" CHECK ("participants"."login_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participant_id" uuid,
	"test_id" uuid NOT NULL,
	"application_id" uuid,
	"amount" numeric(10, 2) NOT NULL,
	"currency" char(3) DEFAULT 'KES' NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"payment_method" varchar(50),
	"transaction_id" varchar(100),
	"processed_at" timestamp with time zone,
	"failure_reason" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK (status IN ('pending', 'processing', 'completed', 'failed', 'refunded')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "research_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company" varchar(200) NOT NULL,
	"contact_name" varchar(200) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(32) NOT NULL,
	"project_type" varchar(30),
	"description" text NOT NULL,
	"timeline" varchar(20),
	"budget" varchar(20),
	"target_audience" text,
	"goals" text,
	"status" varchar(20) DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "research_requests_status_check" CHECK (status IN ('new', 'contacted', 'in-progress', 'closed')),
	CONSTRAINT "research_requests_project_type_check" CHECK (project_type IS NULL OR project_type IN ('product-concept', 'design-ux', 'mobile-app', 'web-app', 'market-research', 'competitive-analysis', 'other')),
	CONSTRAINT "research_requests_timeline_check" CHECK (timeline IS NULL OR timeline IN ('asap', '1-2weeks', '3-4weeks', '1-2months', 'flexible')),
	CONSTRAINT "research_requests_budget_check" CHECK (budget IS NULL OR budget IN ('50k-100k', '100k-250k', '250k-500k', '500k+', 'discuss'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"user_type" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" varchar(64),
	"user_agent" text,
	CONSTRAINT "sessions_user_type_check" CHECK (user_type IN ('participant', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text NOT NULL,
	"pay_rate" numeric(8, 2) NOT NULL,
	"duration" integer NOT NULL,
	"max_participants" integer DEFAULT 10 NOT NULL,
	"current_participants" integer DEFAULT 0 NOT NULL,
	"start_date" date,
	"end_date" date,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"company" varchar(200),
	"requirements" text,
	"status" varchar(20) DEFAULT 'not_started' NOT NULL,
	"created_by" uuid,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tests_status_check" CHECK (status IN ('not_started', 'active', 'paused', 'completed', 'cancelled', 'postponed')),
	CONSTRAINT "tests_pay_rate_check" CHECK ("tests"."pay_rate" >= 0),
	CONSTRAINT "tests_duration_check" CHECK ("tests"."duration" BETWEEN 1 AND 1000),
	CONSTRAINT "tests_max_participants_check" CHECK ("tests"."max_participants" BETWEEN 1 AND 100000),
	CONSTRAINT "tests_current_participants_check" CHECK ("tests"."current_participants" >= 0),
	CONSTRAINT "tests_dates_check" CHECK ("tests"."start_date" IS NULL OR "tests"."end_date" IS NULL OR "tests"."end_date" >= "tests"."start_date")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_approved_by_admins_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admins_email_unique" ON "admins" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "admins_username_unique" ON "admins" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "admins_phone_unique" ON "admins" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "admins_reset_token_unique" ON "admins" USING btree ("password_reset_token");--> statement-breakpoint
CREATE INDEX "applications_test_status_idx" ON "applications" USING btree ("test_id","status");--> statement-breakpoint
CREATE INDEX "applications_applied_at_idx" ON "applications" USING btree ("applied_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_status_applied_idx" ON "applications" USING btree ("status","applied_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_timestamp_idx" ON "audit_logs" USING btree ("timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_resource_idx" ON "audit_logs" USING btree ("resource","resource_id");--> statement-breakpoint
CREATE INDEX "audit_logs_user_idx" ON "audit_logs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_logs_action_idx" ON "audit_logs" USING btree ("action");--> statement-breakpoint
CREATE INDEX "client_requests_created_idx" ON "client_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_requests_status_idx" ON "client_requests" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_participant_unique" ON "earnings" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "participants_email_unique" ON "participants" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "participants_phone_unique" ON "participants" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_reset_token_unique" ON "participants" USING btree ("password_reset_token");--> statement-breakpoint
CREATE INDEX "participants_created_at_idx" ON "participants" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_participant_idx" ON "payments" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "payments_test_idx" ON "payments" USING btree ("test_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_application_unique" ON "payments" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "research_requests_created_idx" ON "research_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "research_requests_status_idx" ON "research_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_type","user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "tests_status_created_idx" ON "tests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tests_created_at_idx" ON "tests" USING btree ("created_at" DESC NULLS LAST);