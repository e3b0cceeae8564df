DROP INDEX "applications_answers_idx";--> statement-breakpoint
DROP INDEX "applications_status_applied_idx";--> statement-breakpoint
CREATE INDEX "applications_test_applied_idx" ON "applications" USING btree ("test_id","applied_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_answers_idx" ON "applications" USING gin ("answers" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "applications_status_applied_idx" ON "applications" USING btree ("status","applied_at" DESC NULLS LAST,"id" DESC NULLS LAST);