CREATE INDEX "applications_study_answers_idx" ON "applications" USING gin (jsonb_set('{}'::jsonb, ARRAY["test_id"::text], "answers") jsonb_path_ops) WHERE "applications"."answers" IS NOT NULL;--> statement-breakpoint
-- Trigram searches (LIKE %term%) are estimated from a sample of this column: 1,000 values
-- instead of 100 tell a common term (2% of people) from a rare one (decision 044).
ALTER TABLE "participants" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "participants" ("search_text");
