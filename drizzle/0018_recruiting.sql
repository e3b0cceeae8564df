CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participant_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"value" varchar(20) NOT NULL,
	"source" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_kind_check" CHECK (kind IN ('terms', 'privacy', 'invitations', 'study_mail')),
	CONSTRAINT "consent_records_source_check" CHECK (source IN ('registration', 'settings', 'unsubscribe'))
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_test_participant_unique" UNIQUE("test_id","participant_id")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "answers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "gender" varchar(20);--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "county" varchar(40);--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "town" varchar(100);--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "employment" varchar(30);--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "income_band" varchar(20);--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "devices" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "mobile_money" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "internet_access" varchar(30);--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "invite_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "study_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "terms_version" varchar(20);--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "privacy_version" varchar(20);--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "last_invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "blocked_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "criteria" jsonb DEFAULT '{"genders":[],"counties":[],"employment":[],"devices":[],"languages":[],"incomeBands":[],"excludeStudies":[],"excludeTags":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "screener" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_admins_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_participant_idx" ON "consent_records" USING btree ("participant_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_participant_idx" ON "invitations" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "applications_answers_idx" ON "applications" USING gin ("answers");--> statement-breakpoint
CREATE INDEX "participants_gender_idx" ON "participants" USING btree ("gender");--> statement-breakpoint
CREATE INDEX "participants_county_idx" ON "participants" USING btree ("county");--> statement-breakpoint
CREATE INDEX "participants_employment_idx" ON "participants" USING btree ("employment");--> statement-breakpoint
CREATE INDEX "participants_income_band_idx" ON "participants" USING btree ("income_band");--> statement-breakpoint
CREATE INDEX "participants_date_of_birth_idx" ON "participants" USING btree ("date_of_birth");--> statement-breakpoint
CREATE INDEX "participants_languages_idx" ON "participants" USING gin ("languages");--> statement-breakpoint
CREATE INDEX "participants_devices_idx" ON "participants" USING gin ("devices");--> statement-breakpoint
CREATE INDEX "participants_mobile_money_idx" ON "participants" USING gin ("mobile_money");--> statement-breakpoint
CREATE INDEX "participants_invitable_idx" ON "participants" USING btree ("last_invited_at" NULLS FIRST,"id") WHERE "participants"."invite_opt_in" AND "participants"."blocked_at" IS NULL AND "participants"."is_active";--> statement-breakpoint
CREATE INDEX "participants_name_birth_idx" ON "participants" USING btree (lower("first_name"),lower("last_name"),"date_of_birth");--> statement-breakpoint
CREATE INDEX "participants_payout_number_idx" ON "participants" USING btree (coalesce("payout_phone", "phone"));