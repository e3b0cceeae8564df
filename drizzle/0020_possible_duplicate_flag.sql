ALTER TABLE "participants" ADD COLUMN "has_possible_duplicate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Possible duplicates (decisions.md section 10, docs/decisions/036-recruiting.md): another
-- account with the same lower-cased first and last name and date of birth (a date, not null
-- or empty), or the same payout number coalesce(payout_phone, phone). The flag is stored so the
-- participants tab's duplicates filter and its total read a partial index instead of checking
-- every row against the two indexes. After a row's keys change (or it arrives or goes), every
-- row of its old and new name-and-birth group and payout-number group is recomputed.
--
-- Two people joining one group at once: each would miss the other's uncommitted row. So each
-- takes a transaction advisory lock per group key first (in one order, so two lockers cannot
-- deadlock), and the recomputing statement, run after the lock is granted, sees the other's
-- committed row (READ COMMITTED: a new snapshot per statement). The keys are hashed into 1024
-- buckets of the two-integer lock space (class 1502), so a bulk statement holds at most 1024
-- locks. The trigger's own UPDATE writes only the flag, which is not among the columns that fire it.
CREATE FUNCTION "participants_duplicates_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n_first text; n_last text; n_birth text; n_pay text;
  o_first text; o_last text; o_birth text; o_pay text;
  bucket int;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    n_first := lower(NEW.first_name);
    n_last := lower(NEW.last_name);
    n_birth := nullif(NEW.date_of_birth, '');
    n_pay := coalesce(NEW.payout_phone, NEW.phone);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    o_first := lower(OLD.first_name);
    o_last := lower(OLD.last_name);
    o_birth := nullif(OLD.date_of_birth, '');
    o_pay := coalesce(OLD.payout_phone, OLD.phone);
  END IF;
  IF TG_OP = 'UPDATE' AND n_first = o_first AND n_last = o_last
     AND n_birth IS NOT DISTINCT FROM o_birth AND n_pay IS NOT DISTINCT FROM o_pay THEN
    RETURN NULL;
  END IF;
  FOR bucket IN
    SELECT DISTINCT hashtext(k) & 1023 FROM unnest(ARRAY[
      'name:' || n_first || chr(31) || n_last || chr(31) || n_birth,
      'name:' || o_first || chr(31) || o_last || chr(31) || o_birth,
      'pay:' || n_pay,
      'pay:' || o_pay]) AS k
    WHERE k IS NOT NULL ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(1502, bucket);
  END LOOP;
  UPDATE participants p SET has_possible_duplicate = d.flag
  FROM (
    SELECT q.id,
      (coalesce(q.date_of_birth, '') <> '' AND EXISTS (
        SELECT 1 FROM participants o
        WHERE lower(o.first_name) = lower(q.first_name) AND lower(o.last_name) = lower(q.last_name)
          AND o.date_of_birth = q.date_of_birth AND o.id <> q.id))
      OR EXISTS (
        SELECT 1 FROM participants o
        WHERE coalesce(o.payout_phone, o.phone) = coalesce(q.payout_phone, q.phone) AND o.id <> q.id)
      AS flag
    FROM participants q
    WHERE (lower(q.first_name) = n_first AND lower(q.last_name) = n_last AND q.date_of_birth = n_birth)
       OR (lower(q.first_name) = o_first AND lower(q.last_name) = o_last AND q.date_of_birth = o_birth)
       OR coalesce(q.payout_phone, q.phone) = n_pay
       OR coalesce(q.payout_phone, q.phone) = o_pay
  ) d
  WHERE p.id = d.id AND p.has_possible_duplicate IS DISTINCT FROM d.flag;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "participants_duplicates" AFTER INSERT OR DELETE
  OR UPDATE OF "first_name", "last_name", "date_of_birth", "payout_phone", "phone" ON "participants"
  FOR EACH ROW EXECUTE FUNCTION "participants_duplicates_refresh"();
--> statement-breakpoint
-- The rows there already, set-based: one pass per rule.
UPDATE "participants" SET "has_possible_duplicate" = true
WHERE "id" IN (
  SELECT id FROM (
    SELECT id, count(*) OVER (PARTITION BY lower(first_name), lower(last_name), date_of_birth) AS n
    FROM participants WHERE coalesce(date_of_birth, '') <> '') named
  WHERE n > 1
  UNION
  SELECT id FROM (
    SELECT id, count(*) OVER (PARTITION BY coalesce(payout_phone, phone)) AS n FROM participants) paid
  WHERE n > 1);
--> statement-breakpoint
CREATE INDEX "participants_possible_duplicate_idx" ON "participants" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "participants"."has_possible_duplicate";
