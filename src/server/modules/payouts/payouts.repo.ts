import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  admins,
  participants,
  payments,
  payoutAttempts,
  payouts,
  studies,
} from '../../db/schema/index';
import type { PayoutAttemptState, PayoutProvider } from '../../../shared/schemas/options';
import type { Payout } from '../../../shared/schemas/payouts';

/** Attempts still in M-Pesa's hands or ours: a payment with one is never released or moved by hand. */
const OPEN_ATTEMPT_STATES = [
  'queued',
  'sending',
  'accepted',
  'querying',
] as const satisfies readonly PayoutAttemptState[];
/** The result code of an attempt staff settled by hand after checking the M-Pesa portal. */
export const SETTLED_BY_STAFF = 'staff';
/** Open ones, and those no status query could settle (staff settle them). */
const UNRESOLVED: PayoutAttemptState[] = [...OPEN_ATTEMPT_STATES, 'unknown'];

/** The payments to release, locked in id order, with where each would be paid. */
export async function lockReleasePayments(tx: DbOrTx, ids: string[]) {
  return tx
    .select({
      id: payments.id,
      status: payments.status,
      amount: payments.amount,
      participantId: payments.participantId,
      firstName: participants.firstName,
      lastName: participants.lastName,
      payTo: sql<string | null>`coalesce(${participants.payoutPhone}, ${participants.phone})`,
    })
    .from(payments)
    .leftJoin(participants, eq(participants.id, payments.participantId))
    .where(inArray(payments.id, ids))
    .orderBy(asc(payments.id))
    .for('update', { of: payments });
}
export type ReleaseRow = Awaited<ReturnType<typeof lockReleasePayments>>[number];

/** Every pending payment of a study, oldest first. */
export async function pendingPaymentIdsOfStudy(db: DbOrTx, testId: string): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.testId, testId), eq(payments.status, 'pending')))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map((r) => r.id);
}

export async function insertPayout(
  tx: DbOrTx,
  values: {
    provider: PayoutProvider;
    createdBy: string | null;
    testId: string | null;
    count: number;
    amount: string;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await tx.insert(payouts).values(values).returning({ id: payouts.id });
  if (!row) throw new Error('INSERT … RETURNING answered no row');
  return row.id;
}

/**
 * pending -> processing in the payout, paid to the number each row was checked with (the
 * number its B2C request goes to): a payout number changed meanwhile is the next release's.
 */
export async function markReleased(
  tx: DbOrTx,
  rows: Array<{ id: string; payTo: string | null }>,
  payoutId: string,
  at: Date,
) {
  await tx.execute(sql`
    UPDATE payments p SET
      status = 'processing',
      payout_id = ${payoutId}::uuid,
      released_at = ${at.toISOString()}::timestamptz,
      failure_reason = NULL,
      paid_to = v.paid_to,
      updated_at = ${at.toISOString()}::timestamptz
    FROM (VALUES ${sql.join(
      rows.map((r) => sql`(${r.id}::uuid, ${r.payTo}::text)`),
      sql`, `,
    )}) AS v(id, paid_to)
    WHERE p.id = v.id
  `);
}

export async function insertAttempts(
  tx: DbOrTx,
  rows: Array<{
    paymentId: string;
    payoutId: string;
    originatorConversationId: string;
    tokenHash: string;
    phone: string;
    amount: string;
    nextCheckAt: Date;
  }>,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(payoutAttempts).values(rows.map((r) => ({ ...r, state: 'queued' as const })));
  await tx
    .update(payments)
    .set({ attempts: sql`${payments.attempts} + 1` })
    .where(
      inArray(
        payments.id,
        rows.map((r) => r.paymentId),
      ),
    );
}

const attemptColumns = {
  id: payoutAttempts.id,
  paymentId: payoutAttempts.paymentId,
  originatorConversationId: payoutAttempts.originatorConversationId,
  phone: payoutAttempts.phone,
  amount: payoutAttempts.amount,
  state: payoutAttempts.state,
  tries: payoutAttempts.tries,
  statusQueries: payoutAttempts.statusQueries,
  testTitle: studies.title,
};

/** Queued attempts due now, claimed (FOR UPDATE SKIP LOCKED) in the caller's transaction. */
export async function claimQueuedAttempts(tx: DbOrTx, now: Date, limit: number) {
  return tx
    .select(attemptColumns)
    .from(payoutAttempts)
    .innerJoin(payments, eq(payments.id, payoutAttempts.paymentId))
    .innerJoin(studies, eq(studies.id, payments.testId))
    .where(and(eq(payoutAttempts.state, 'queued'), lte(payoutAttempts.nextCheckAt, now)))
    .orderBy(asc(payoutAttempts.nextCheckAt), asc(payoutAttempts.id))
    .limit(limit)
    .for('update', { of: payoutAttempts, skipLocked: true });
}

/** Sent attempts whose answer is overdue (no callback in time), claimed like the queued ones. */
export async function claimOverdueAttempts(tx: DbOrTx, now: Date, limit: number) {
  return tx
    .select(attemptColumns)
    .from(payoutAttempts)
    .innerJoin(payments, eq(payments.id, payoutAttempts.paymentId))
    .innerJoin(studies, eq(studies.id, payments.testId))
    .where(
      and(
        inArray(payoutAttempts.state, ['sending', 'accepted', 'querying']),
        lte(payoutAttempts.nextCheckAt, now),
      ),
    )
    .orderBy(asc(payoutAttempts.nextCheckAt), asc(payoutAttempts.id))
    .limit(limit)
    .for('update', { of: payoutAttempts, skipLocked: true });
}
export type ClaimedAttempt = Awaited<ReturnType<typeof claimQueuedAttempts>>[number];

export async function updateAttempt(
  tx: DbOrTx,
  id: string,
  change: Partial<typeof payoutAttempts.$inferInsert>,
  onlyIn?: readonly PayoutAttemptState[],
): Promise<boolean> {
  const rows = await tx
    .update(payoutAttempts)
    .set(change)
    .where(
      and(
        eq(payoutAttempts.id, id),
        onlyIn ? inArray(payoutAttempts.state, [...onlyIn]) : undefined,
      ),
    )
    .returning({ id: payoutAttempts.id });
  return rows.length > 0;
}

/** The attempt a callback token belongs to (as the B2C request's or as a status query's). */
export async function findAttemptByToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: payoutAttempts.id,
      paymentId: payoutAttempts.paymentId,
      byStatusToken: sql<boolean>`${payoutAttempts.statusTokenHash} = ${tokenHash}`,
    })
    .from(payoutAttempts)
    .where(
      sql`${payoutAttempts.tokenHash} = ${tokenHash} OR ${payoutAttempts.statusTokenHash} = ${tokenHash}`,
    )
    .limit(1);
  return row;
}

export async function lockAttempt(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select()
    .from(payoutAttempts)
    .where(eq(payoutAttempts.id, id))
    .for('update');
  return row;
}

/** A payment's attempts that are open or unresolved ('unknown'), newest first. */
export async function unresolvedAttempts(db: DbOrTx, paymentId: string) {
  return db
    .select({ id: payoutAttempts.id, state: payoutAttempts.state })
    .from(payoutAttempts)
    .where(and(eq(payoutAttempts.paymentId, paymentId), inArray(payoutAttempts.state, UNRESOLVED)))
    .orderBy(desc(payoutAttempts.createdAt));
}

/** processing -> completed by M-Pesa's receipt. */
export async function completePaidPayment(tx: DbOrTx, id: string, receipt: string, at: Date) {
  await tx
    .update(payments)
    .set({
      status: 'completed',
      transactionId: receipt,
      paymentMethod: 'M-Pesa',
      processedAt: at,
      failureReason: null,
    })
    .where(eq(payments.id, id));
}

/** processing -> failed with the provider's description. */
export async function failPayment(tx: DbOrTx, id: string, reason: string, at: Date) {
  await tx
    .update(payments)
    .set({ status: 'failed', failureReason: reason.slice(0, 500), failedAt: at })
    .where(eq(payments.id, id));
}

export async function lockPaymentRow(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: payments.id,
      status: payments.status,
      amount: payments.amount,
      participantId: payments.participantId,
    })
    .from(payments)
    .where(eq(payments.id, id))
    .for('update');
  return row;
}

const progressColumns = {
  processing: sql<number>`count(*) FILTER (WHERE ${payments.status} = 'processing' AND NOT EXISTS (SELECT 1 FROM payout_attempts a WHERE a.payment_id = ${payments.id} AND a.state = 'unknown'))::int`,
  needsAttention: sql<number>`count(*) FILTER (WHERE ${payments.status} = 'processing' AND EXISTS (SELECT 1 FROM payout_attempts a WHERE a.payment_id = ${payments.id} AND a.state = 'unknown'))::int`,
  completed: sql<number>`count(*) FILTER (WHERE ${payments.status} = 'completed')::int`,
  failed: sql<number>`count(*) FILTER (WHERE ${payments.status} = 'failed')::int`,
  other: sql<number>`count(*) FILTER (WHERE ${payments.status} NOT IN ('processing', 'completed', 'failed'))::int`,
  completedAmount: sql<string>`coalesce(sum(${payments.amount}) FILTER (WHERE ${payments.status} = 'completed'), 0)::numeric(14,2)::text`,
};

const payoutColumns = {
  payout: payouts,
  adminFirst: admins.firstName,
  adminLast: admins.lastName,
  adminEmail: admins.email,
  testTitle: studies.title,
};

export async function findPayout(db: DbOrTx, id: string) {
  const [row] = await db
    .select(payoutColumns)
    .from(payouts)
    .leftJoin(admins, eq(admins.id, payouts.createdBy))
    .leftJoin(studies, eq(studies.id, payouts.testId))
    .where(eq(payouts.id, id));
  return row;
}
export type PayoutRow = NonNullable<Awaited<ReturnType<typeof findPayout>>>;

/** Counts by status of the payments last released in these payouts. */
export async function payoutProgress(db: DbOrTx, payoutIds: string[]) {
  if (payoutIds.length === 0) return new Map<string, Payout['progress']>();
  const rows = await db
    .select({ payoutId: payments.payoutId, ...progressColumns })
    .from(payments)
    .where(inArray(payments.payoutId, payoutIds))
    .groupBy(payments.payoutId);
  return new Map(rows.map(({ payoutId, ...r }) => [payoutId ?? '', r]));
}

/** The latest payouts, newest first. */
export async function listPayouts(db: DbOrTx, limit: number) {
  return db
    .select(payoutColumns)
    .from(payouts)
    .leftJoin(admins, eq(admins.id, payouts.createdBy))
    .leftJoin(studies, eq(studies.id, payouts.testId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit);
}

/** The payments of one payout, for the bulk file: number, amount, reference. */
export async function payoutBulkRows(db: DbOrTx, payoutId: string) {
  return db
    .select({
      id: payments.id,
      paidTo: payments.paidTo,
      amount: payments.amount,
      status: payments.status,
      firstName: participants.firstName,
      lastName: participants.lastName,
      testTitle: studies.title,
    })
    .from(payments)
    .innerJoin(studies, eq(studies.id, payments.testId))
    .leftJoin(participants, eq(participants.id, payments.participantId))
    .where(eq(payments.payoutId, payoutId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** Among these payments, those with an attempt open or unresolved ('unknown'): one query. */
export async function paymentsWithUnresolvedAttempts(
  db: DbOrTx,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: payoutAttempts.paymentId })
    .from(payoutAttempts)
    .where(and(inArray(payoutAttempts.paymentId, ids), inArray(payoutAttempts.state, UNRESOLVED)));
  return new Set(rows.map((r) => r.id));
}
