-- Phones to E.164 (docs/decisions/017-phones-e164.md). The rules mirror src/shared/phone.ts
-- for Kenyan numbers (07…, 01…, 2547…, +254 0…, spaced, dashed or bracketed) and keep any
-- other +<country> number of 8 to 15 digits. Nothing fails: a number the rules cannot read,
-- and a participant whose number another participant keeps, stay as they are and are
-- written to phone_migration_conflicts.
CREATE TEMPORARY TABLE phone_e164 AS
SELECT tbl, id, created_at, phone,
  CASE
    WHEN d ~ '^0[1-9][0-9]{8}$' THEN '+254' || substr(d, 2)
    WHEN d ~ '^254[1-9][0-9]{8}$' THEN '+' || d
    WHEN d ~ '^\+2540[1-9][0-9]{8}$' THEN '+254' || substr(d, 6)
    WHEN d ~ '^\+254[1-9][0-9]{8}$' THEN d
    WHEN d ~ '^\+[1-9][0-9]{7,14}$' AND d !~ '^\+254' THEN d
  END AS e164
FROM (
  SELECT 'participants' AS tbl, id, created_at, phone, regexp_replace(phone, '[[:space:]()./-]', '', 'g') AS d FROM participants
  UNION ALL
  SELECT 'admins', id, created_at, phone, regexp_replace(phone, '[[:space:]()./-]', '', 'g') FROM admins WHERE phone IS NOT NULL
  UNION ALL
  SELECT 'research_requests', id, created_at, phone, regexp_replace(phone, '[[:space:]()./-]', '', 'g') FROM research_requests
) AS typed;
--> statement-breakpoint
-- One participant keeps each number: the one already holding it in E.164, else the oldest.
ALTER TABLE phone_e164 ADD COLUMN keeper uuid;
--> statement-breakpoint
UPDATE phone_e164 AS p SET keeper = k.keeper
FROM (
  SELECT id, first_value(id) OVER (
    PARTITION BY e164 ORDER BY (phone = e164) DESC, created_at, id
  ) AS keeper
  FROM phone_e164 WHERE tbl = 'participants' AND e164 IS NOT NULL
) AS k
WHERE p.tbl = 'participants' AND p.id = k.id;
--> statement-breakpoint
INSERT INTO phone_migration_conflicts (table_name, row_id, phone, normalised, reason, kept_row_id)
SELECT tbl, id, phone, e164,
  CASE WHEN e164 IS NULL THEN 'unrecognised' ELSE 'duplicate' END,
  CASE WHEN e164 IS NULL THEN NULL ELSE keeper END
FROM phone_e164
WHERE e164 IS NULL OR (tbl = 'participants' AND id <> keeper)
ORDER BY tbl, created_at, id;
--> statement-breakpoint
UPDATE participants AS t SET phone = p.e164 FROM phone_e164 AS p
WHERE p.tbl = 'participants' AND p.id = t.id AND p.id = p.keeper AND t.phone <> p.e164;
--> statement-breakpoint
UPDATE admins AS t SET phone = p.e164 FROM phone_e164 AS p
WHERE p.tbl = 'admins' AND p.id = t.id AND p.e164 IS NOT NULL AND t.phone <> p.e164;
--> statement-breakpoint
UPDATE research_requests AS t SET phone = p.e164 FROM phone_e164 AS p
WHERE p.tbl = 'research_requests' AND p.id = t.id AND p.e164 IS NOT NULL AND t.phone <> p.e164;
--> statement-breakpoint
DROP TABLE phone_e164;
