CREATE INDEX "participants_internet_access_idx" ON "participants" USING btree ("internet_access");--> statement-breakpoint
CREATE INDEX "participants_education_idx" ON "participants" USING btree ("education");--> statement-breakpoint
CREATE INDEX "participants_invite_opt_in_idx" ON "participants" USING btree ("invite_opt_in");--> statement-breakpoint
CREATE INDEX "participants_blocked_idx" ON "participants" USING btree ("blocked_at" DESC NULLS LAST) WHERE "participants"."blocked_at" IS NOT NULL;