CREATE TABLE "session_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" varchar(10) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_reminders_booking_kind_unique" UNIQUE("application_id","session_id","kind"),
	CONSTRAINT "session_reminders_kind_check" CHECK (kind IN ('24h', '2h'))
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_phone" varchar(32) NOT NULL,
	"body" text NOT NULL,
	"kind" varchar(50) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" uuid,
	"last_error" text,
	"provider_message_id" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sms_outbox_status_check" CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "sms_outbox_attempts_check" CHECK ("sms_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "study_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"mode" varchar(20) NOT NULL,
	"location" varchar(300),
	"meeting_url" text,
	"capacity" integer NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_sessions_mode_check" CHECK (mode IN ('in_person', 'remote')),
	CONSTRAINT "study_sessions_status_check" CHECK (status IN ('open', 'cancelled')),
	CONSTRAINT "study_sessions_duration_check" CHECK ("study_sessions"."duration_minutes" BETWEEN 1 AND 1440),
	CONSTRAINT "study_sessions_capacity_check" CHECK ("study_sessions"."capacity" BETWEEN 1 AND 1000),
	CONSTRAINT "study_sessions_place_check" CHECK (("study_sessions"."mode" = 'in_person' AND "study_sessions"."location" IS NOT NULL) OR ("study_sessions"."mode" = 'remote' AND "study_sessions"."meeting_url" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"status" varchar(20) DEFAULT 'waiting' NOT NULL,
	"offered_session_id" uuid,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_status_check" CHECK (status IN ('waiting', 'offered', 'booked', 'expired', 'left'))
);
--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_status_check";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "attendance" varchar(20);--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "attendance_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "calendar" text;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "no_shows_reset_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_session_id_study_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."study_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD CONSTRAINT "study_sessions_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_offered_session_id_study_sessions_id_fk" FOREIGN KEY ("offered_session_id") REFERENCES "public"."study_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_reminders_due_idx" ON "session_reminders" USING btree ("due_at") WHERE "session_reminders"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_outbox_to_idx" ON "sms_outbox" USING btree ("to_phone");--> statement-breakpoint
CREATE INDEX "study_sessions_test_starts_idx" ON "study_sessions" USING btree ("test_id","starts_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_test_idx" ON "waitlist_entries" USING btree ("test_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_active_unique" ON "waitlist_entries" USING btree ("application_id") WHERE "waitlist_entries"."status" IN ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_offer_idx" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."status" = 'offered';--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_session_id_study_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."study_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_session_idx" ON "applications" USING btree ("session_id") WHERE "applications"."session_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_no_show_idx" ON "applications" USING btree ("participant_id","attendance_at") WHERE "applications"."attendance" = 'no_show';--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_attendance_check" CHECK ("applications"."attendance" IS NULL OR "applications"."attendance" IN ('attended', 'no_show'));--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_status_check" CHECK (status IN ('interested', 'screening', 'selected', 'scheduled', 'completed', 'declined', 'disqualified', 'withdrawn', 'no_show'));