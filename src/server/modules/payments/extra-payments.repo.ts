import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema/index';
import type { PaymentReason } from '../../../shared/schemas/options';
import type { ExtraPaymentData } from '../../../shared/schemas/extra-payments';

/** The reasons of the application's payments (completion and extras), whatever their status. */
export async function paymentReasonsOf(
  db: DbOrTx,
  applicationId: string,
): Promise<PaymentReason[]> {
  const rows = await db
    .select({ reason: payments.reason })
    .from(payments)
    .where(eq(payments.applicationId, applicationId));
  return rows.map((r) => r.reason);
}

/** A pending extra payment in KES; the amount is the exact decimal string, stored as numeric. */
export async function insertExtraPayment(
  tx: DbOrTx,
  values: {
    participantId: string;
    testId: string;
    applicationId: string;
  } & ExtraPaymentData,
): Promise<string> {
  const [row] = await tx
    .insert(payments)
    .values({
      participantId: values.participantId,
      testId: values.testId,
      applicationId: values.applicationId,
      amount: sql`${values.amount}::numeric(12,2)`,
      reason: values.reason,
      note: values.note ?? null,
      currency: 'KES',
      status: 'pending',
    })
    .returning({ id: payments.id });
  if (!row) throw new Error('INSERT … RETURNING answered no row');
  return row.id;
}

/** The ids of the application's payments, oldest first. */
export async function applicationPaymentIds(db: DbOrTx, applicationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.applicationId, applicationId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map((r) => r.id);
}
