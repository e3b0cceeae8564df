import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isOwedPayment } from './payments.repo';

/**
 * Writes a participant's earnings from their payments and applications, in the
 * caller's transaction. Derived, never incremented, so the totals cannot drift (the
 * earnings row is locked before the payments are read: concurrent recomputes queue):
 * - totalEarned: every payment not refunded;
 * - totalPaid: completed payments;
 * - pendingPayments: payments owed but not paid (src/shared/rules/payments.ts);
 * - completedTests: completed applications.
 */
export async function recomputeEarnings(tx: DbOrTx, participantId: string): Promise<void> {
  // One recompute of a participant at a time, and the sums read by a statement that starts
  // after the lock: in one statement, a recompute that waited for another's row lock on
  // PostgreSQL wrote the sums it had read before that one committed, losing its payments.
  await tx.execute(sql`
    INSERT INTO earnings (participant_id) VALUES (${participantId}::uuid)
    ON CONFLICT (participant_id) DO NOTHING
  `);
  await tx.execute(
    sql`SELECT 1 FROM earnings WHERE participant_id = ${participantId}::uuid FOR UPDATE`,
  );
  await tx.execute(sql`
    INSERT INTO earnings (participant_id, total_earned, total_paid, pending_payments, completed_tests, last_payment_at, updated_at)
    SELECT
      ${participantId}::uuid,
      coalesce((SELECT sum(amount) FROM payments WHERE participant_id = ${participantId}::uuid AND status <> 'refunded'), 0),
      coalesce((SELECT sum(amount) FROM payments WHERE participant_id = ${participantId}::uuid AND status = 'completed'), 0),
      coalesce((SELECT sum(amount) FROM payments WHERE participant_id = ${participantId}::uuid AND ${isOwedPayment()}), 0),
      (SELECT count(*) FROM applications WHERE participant_id = ${participantId}::uuid AND status = 'completed'),
      (SELECT max(processed_at) FROM payments WHERE participant_id = ${participantId}::uuid AND status = 'completed'),
      now()
    ON CONFLICT (participant_id) DO UPDATE SET
      total_earned = excluded.total_earned,
      total_paid = excluded.total_paid,
      pending_payments = excluded.pending_payments,
      completed_tests = excluded.completed_tests,
      last_payment_at = excluded.last_payment_at,
      updated_at = now()
  `);
}
