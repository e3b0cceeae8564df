import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PaymentReason, PaymentStatus } from '../../../shared/schemas/options';
import type { PayoutReportSection } from '../../../shared/schemas/payout-report';

export type ReportEntryRow = {
  section: PayoutReportSection;
  /** When it entered the section, ISO in UTC with milliseconds. */
  at: string;
  paymentId: string;
  amount: string;
  reason: PaymentReason;
  status: PaymentStatus;
  transactionId: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  testTitle: string;
  /** The section's count and exact sum (numeric, as text), on each of its rows. */
  sectionCount: number;
  sectionAmount: string;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Every entry of the reconciliation report between `start` and `end` (exclusive), one
 * statement, so the rows and the sums come from one snapshot: the ledger's moves
 * (payment_events: released, completed, failed, refunded) in the range, each in its
 * section. A payment may be in several sections, and in one section more than once (failed,
 * retried, failed again). Sums are numeric (exact), sent as text.
 */
export async function reportEntries(
  db: DbOrTx,
  range: { start: Date; end: Date },
): Promise<ReportEntryRow[]> {
  const result = await db.execute(sql`
    WITH entries AS (
      SELECT ev.kind AS section, ev.at, p.id, ev.amount, p.reason, p.status,
             coalesce(ev.transaction_id, p.transaction_id) AS transaction_id,
             coalesce(ev.paid_to, p.paid_to) AS paid_to, p.participant_id, p.test_id
        FROM payment_events ev
        JOIN payments p ON p.id = ev.payment_id
       WHERE ev.at >= ${range.start.toISOString()}::timestamptz
         AND ev.at < ${range.end.toISOString()}::timestamptz
    )
    SELECT e.section,
           to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
           e.id::text AS "paymentId",
           e.amount::numeric(12,2)::text AS amount,
           e.reason, e.status,
           e.transaction_id AS "transactionId",
           coalesce(e.paid_to, pa.phone) AS phone,
           pa.first_name AS "firstName", pa.last_name AS "lastName",
           t.title AS "testTitle",
           (count(*) OVER w)::int AS "sectionCount",
           (sum(e.amount) OVER w)::numeric(14,2)::text AS "sectionAmount"
      FROM entries e
      JOIN tests t ON t.id = e.test_id
      LEFT JOIN participants pa ON pa.id = e.participant_id
    WINDOW w AS (PARTITION BY e.section)
    ORDER BY e.section, e.at, e.id
  `);
  return rowsOf<ReportEntryRow>(result);
}
