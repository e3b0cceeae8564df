import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments, studies } from '../../db/schema/index';
import type { StudyStatus } from '../../../shared/schemas/options';
import { newestFirst } from '../../lib/keyset-cursor';
import { isOwedPayment } from '../payments/payments.repo';

export type StudyRow = typeof studies.$inferSelect;
export type NewStudyRow = typeof studies.$inferInsert;

export async function listStudies(
  db: DbOrTx,
  options: { activeOnly: boolean },
): Promise<StudyRow[]> {
  const query = db.select().from(studies);
  return (options.activeOnly ? query.where(eq(studies.status, 'active')) : query).orderBy(
    ...newestFirst(studies.createdAt, studies.id),
  );
}

/** The ids, among `ids`, that name no study (criteria's excludeStudies). */
export async function unknownStudyIds(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: studies.id })
    .from(studies)
    .where(inArray(studies.id, [...ids]));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export async function findStudy(db: DbOrTx, id: string): Promise<StudyRow | undefined> {
  const [row] = await db.select().from(studies).where(eq(studies.id, id)).limit(1);
  return row;
}

/**
 * The study row, locked for the transaction. `share` (applying) keeps its status from
 * changing under the caller; `update` (scheduling, a status change) queues writers so the
 * places they count are final. Every writer locks the study before its applications.
 */
export async function lockStudy(
  tx: DbOrTx,
  id: string,
  mode: 'share' | 'update',
): Promise<StudyRow | undefined> {
  const [row] = await tx.select().from(studies).where(eq(studies.id, id)).for(mode).limit(1);
  return row;
}

export async function insertStudy(tx: DbOrTx, values: NewStudyRow): Promise<StudyRow> {
  const [row] = await tx.insert(studies).values(values).returning();
  if (!row) throw new Error('INSERT … RETURNING answered no row');
  return row;
}

/** Sets the status; `approvedBy` (with the time) when the study is approved. */
export async function updateStudyStatus(
  tx: DbOrTx,
  id: string,
  status: StudyStatus,
  approval?: { approvedBy: string | null },
): Promise<StudyRow | undefined> {
  const [row] = await tx
    .update(studies)
    .set({
      status,
      ...(approval ? { approvedBy: approval.approvedBy, approvedAt: sql`now()` } : {}),
    })
    .where(eq(studies.id, id))
    .returning();
  return row;
}

export async function deleteStudy(
  tx: DbOrTx,
  id: string,
): Promise<{ id: string; title: string } | undefined> {
  const [row] = await tx
    .delete(studies)
    .where(eq(studies.id, id))
    .returning({ id: studies.id, title: studies.title });
  return row;
}

/** The columns an admin's edit may change (PUT /api/tests/{id}). */
export type StudyEdit = Partial<
  Pick<
    NewStudyRow,
    | 'title'
    | 'description'
    | 'payRate'
    | 'duration'
    | 'maxParticipants'
    | 'startDate'
    | 'endDate'
    | 'company'
    | 'tags'
    | 'requirements'
    | 'criteria'
    | 'screener'
  >
>;

export async function updateStudy(
  tx: DbOrTx,
  id: string,
  values: StudyEdit,
): Promise<StudyRow | undefined> {
  const [row] = await tx.update(studies).set(values).where(eq(studies.id, id)).returning();
  return row;
}

export type PaymentSummary = { paymentCount: number; paidOut: string; owed: string };
export const NO_PAYMENTS: PaymentSummary = { paymentCount: 0, paidOut: '0.00', owed: '0.00' };

/**
 * Per study (all of them, or those of `ids`): how many payments it has, of any status, the
 * sum of the completed ones and of the owed ones (pending, processing or failed: completed
 * participants not yet paid), exact KES text, through payments_test_idx.
 */
export async function paymentSummaries(
  db: DbOrTx,
  ids?: readonly string[],
): Promise<Map<string, PaymentSummary>> {
  if (ids && ids.length === 0) return new Map();
  const query = db
    .select({
      testId: payments.testId,
      paymentCount: sql<number>`count(*)::int`,
      paidOut: sql<string>`coalesce(sum(${payments.amount}) FILTER (WHERE ${payments.status} = 'completed'), 0)::numeric(14,2)::text`,
      owed: sql<string>`coalesce(sum(${payments.amount}) FILTER (WHERE ${isOwedPayment()}), 0)::numeric(14,2)::text`,
    })
    .from(payments);
  const rows = await (ids ? query.where(inArray(payments.testId, [...ids])) : query).groupBy(
    payments.testId,
  );
  return new Map(
    rows.map((r) => [
      r.testId,
      { paymentCount: Number(r.paymentCount), paidOut: r.paidOut, owed: r.owed },
    ]),
  );
}
