ALTER TABLE "applications" ADD COLUMN "excused_at" timestamp with time zone;--> statement-breakpoint
-- Excuses marked before this column: the attendance audit entry written with each mark.
UPDATE "applications" a SET "excused_at" = (
  SELECT max(l."timestamp") FROM "audit_logs" l
  WHERE l."resource" = 'application' AND l."resource_id" = a."id"::text
    AND l."action" = 'application.attendance' AND l."details"->>'attendance' = 'excused'
);
