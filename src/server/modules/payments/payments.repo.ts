import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applications, participants, payments, studies } from '../../db/schema/index';
import { OWED_PAYMENT_STATUSES } from '../../../shared/rules/payments';
import type { z } from 'zod';
import type { PaymentListQuery, paymentStatusSchema } from '../../../shared/schemas/payments';
import {
  afterMicroCursor,
  microText,
  newestFirst,
  type MicroCursor,
} from '../../lib/keyset-cursor';
import { participantSearch } from '../participants/participants.repo';

/** The rule of src/shared/rules/payments.ts as SQL: payments owed but not paid. */
export function isOwedPayment(): SQL {
  return inArray(payments.status, [...OWED_PAYMENT_STATUSES]);
}

/** The latest payout attempt's state and error, for staff to see what is happening. */
const latestAttempt = (column: 'state' | 'last_error') =>
  sql<
    string | null
  >`(SELECT a.${sql.raw(column)} FROM payout_attempts a WHERE a.payment_id = ${payments.id} ORDER BY a.created_at DESC, a.id DESC LIMIT 1)`;

const joinedColumns = {
  payment: payments,
  attemptState: latestAttempt('state'),
  attemptError: latestAttempt('last_error'),
  firstName: participants.firstName,
  lastName: participants.lastName,
  email: participants.email,
  testTitle: studies.title,
};

export type PaymentListFilter = Pick<PaymentListQuery, 'status' | 'testId' | 'search'>;

/** A term that may be a transaction reference: one token with a digit (QGH7XK2L9P, FT24123ABC). */
const REFERENCE_LIKE = /^(?=.*\d)[A-Za-z0-9-]{6,100}$/;

/**
 * The person's name, e-mail or phone (through the trigram index, then
 * payments_participant_idx), or, for a term shaped like a reference, the exact
 * transaction reference. References are matched whole: without an index on
 * transaction_id a substring search would read every payment.
 */
function searchFilter(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  const person = participantSearch(term);
  if (!term || !person) return undefined;
  const byPerson = sql`${payments.participantId} IN (SELECT ${participants.id} FROM ${participants} WHERE ${person})`;
  if (!REFERENCE_LIKE.test(term)) return byPerson;
  return sql`(${byPerson} OR ${payments.transactionId} IN (${term}, ${term.toUpperCase()}))`;
}

/** The study and search filters, without the status one (the totals ignore it). */
function scopeOf(filter: PaymentListFilter): SQL | undefined {
  return and(
    filter.testId ? eq(payments.testId, filter.testId) : undefined,
    searchFilter(filter.search),
  );
}

/** Matching payments with the person and the study, newest first; with `page`, that many after its cursor. */
export async function listPayments(
  db: DbOrTx,
  filter: PaymentListFilter,
  page?: { limit: number; cursor: MicroCursor | undefined },
) {
  const list = db
    .select({ ...joinedColumns, cursorAt: microText(payments.createdAt) })
    .from(payments)
    .innerJoin(studies, eq(studies.id, payments.testId))
    .leftJoin(participants, eq(participants.id, payments.participantId))
    .where(
      and(
        scopeOf(filter),
        filter.status ? eq(payments.status, filter.status) : undefined,
        afterMicroCursor(payments.createdAt, payments.id, page?.cursor),
      ),
    )
    .orderBy(...newestFirst(payments.createdAt, payments.id));
  return page ? list.limit(page.limit) : list;
}
export type JoinedPaymentRow = NonNullable<Awaited<ReturnType<typeof findJoinedPayment>>>;

/**
 * The sums over the study and search filters (owed, paid, refunded, KES text) and the
 * count of rows that also match the status filter.
 */
export async function paymentTotals(db: DbOrTx, filter: PaymentListFilter) {
  const [row] = await db
    .select({
      pending: sql<string>`coalesce(sum(${payments.amount}) FILTER (WHERE ${isOwedPayment()}), 0)::numeric(14,2)::text`,
      paid: sql<string>`coalesce(sum(${payments.amount}) FILTER (WHERE ${payments.status} = 'completed'), 0)::numeric(14,2)::text`,
      refunded: sql<string>`coalesce(sum(${payments.amount}) FILTER (WHERE ${payments.status} = 'refunded'), 0)::numeric(14,2)::text`,
      count: sql<number>`count(*) FILTER (WHERE ${filter.status ? sql`${payments.status} = ${filter.status}` : sql`true`})::int`,
    })
    .from(payments)
    .where(scopeOf(filter));
  // An aggregate without GROUP BY always answers one row.
  return row ?? { pending: '0.00', paid: '0.00', refunded: '0.00', count: 0 };
}

export async function findJoinedPayment(db: DbOrTx, id: string) {
  const [row] = await db
    .select(joinedColumns)
    .from(payments)
    .innerJoin(studies, eq(studies.id, payments.testId))
    .leftJoin(participants, eq(participants.id, payments.participantId))
    .where(eq(payments.id, id));
  return row;
}

export async function lockPayment(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function updatePaymentStatus(
  tx: DbOrTx,
  id: string,
  change: z.output<typeof paymentStatusSchema>,
): Promise<void> {
  await tx
    .update(payments)
    .set({
      status: change.status,
      ...(change.transactionId ? { transactionId: change.transactionId } : {}),
      ...(change.paymentMethod ? { paymentMethod: change.paymentMethod } : {}),
      ...(change.status === 'failed' ? { failureReason: change.failureReason ?? null } : {}),
      ...(change.status === 'completed' ? { processedAt: sql`now()`, failureReason: null } : {}),
      ...(change.status === 'failed' ? { failedAt: sql`now()` } : {}),
      ...(change.status === 'refunded' ? { refundedAt: sql`now()` } : {}),
      ...(change.status === 'processing' ? { releasedAt: sql`now()` } : {}),
    })
    .where(eq(payments.id, id));
}

/** The pending payment of a completed application: pay rate x duration, exact, in KES. */
export async function insertCompletionPayment(
  tx: DbOrTx,
  values: {
    participantId: string;
    applicationId: string;
    study: { id: string; payRate: string; duration: number };
  },
): Promise<string> {
  const [row] = await tx
    .insert(payments)
    .values({
      participantId: values.participantId,
      testId: values.study.id,
      applicationId: values.applicationId,
      amount: sql`(${values.study.payRate}::numeric * ${values.study.duration})::numeric(12,2)`,
      currency: 'KES',
      status: 'pending',
    })
    .returning({ amount: payments.amount });
  if (!row) throw new Error('INSERT … RETURNING answered no row');
  return row.amount;
}

export async function studyHasPayments(tx: DbOrTx, studyId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.testId, studyId))
    .limit(1);
  return row !== undefined;
}

/** A study's completed participants with their hours and payment, latest completion first. */
export async function studyPaymentRows(db: DbOrTx, studyId: string) {
  return db
    .select({
      firstName: participants.firstName,
      lastName: participants.lastName,
      email: participants.email,
      phone: participants.phone,
      hoursWorked: applications.hoursWorked,
      completedAt: applications.completedAt,
      amount: payments.amount,
    })
    .from(applications)
    .innerJoin(participants, eq(participants.id, applications.participantId))
    .leftJoin(payments, eq(payments.applicationId, applications.id))
    .where(and(eq(applications.testId, studyId), eq(applications.status, 'completed')))
    .orderBy(desc(applications.completedAt));
}
