CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"paid_to" varchar(32),
	"transaction_id" varchar(100),
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_events_kind_check" CHECK (kind IN ('released', 'completed', 'failed', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_at_idx" ON "payment_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE FUNCTION "payment_events_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_kind text;
  event_at timestamptz;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NEW;
  END IF;
  CASE NEW.status
    WHEN 'processing' THEN event_kind := 'released'; event_at := NEW.released_at;
    WHEN 'completed' THEN event_kind := 'completed'; event_at := NEW.processed_at;
    WHEN 'failed' THEN event_kind := 'failed'; event_at := NEW.failed_at;
    WHEN 'refunded' THEN event_kind := 'refunded'; event_at := NEW.refunded_at;
    ELSE RETURN NEW;
  END CASE;
  INSERT INTO payment_events (payment_id, kind, amount, paid_to, transaction_id, at)
  VALUES (NEW.id, event_kind, NEW.amount, NEW.paid_to, NEW.transaction_id, coalesce(event_at, now()));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payment_events_on_status" AFTER INSERT OR UPDATE OF "status" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payment_events_record"();
--> statement-breakpoint
-- The moves before the ledger, from the dates each payment keeps (its latest of each kind).
INSERT INTO "payment_events" ("payment_id", "kind", "amount", "paid_to", "transaction_id", "at")
SELECT id, 'released', amount, paid_to, transaction_id, released_at FROM payments WHERE released_at IS NOT NULL
UNION ALL
SELECT id, 'completed', amount, paid_to, transaction_id, processed_at FROM payments
  WHERE processed_at IS NOT NULL AND status IN ('completed', 'refunded')
UNION ALL
SELECT id, 'failed', amount, paid_to, transaction_id, failed_at FROM payments WHERE failed_at IS NOT NULL
UNION ALL
SELECT id, 'refunded', amount, paid_to, transaction_id, refunded_at FROM payments WHERE refunded_at IS NOT NULL;
