import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { smsOutbox } from '../../db/schema/index';
import {
  afterMicroCursor,
  microText,
  newestFirst,
  type MicroCursor,
} from '../../lib/keyset-cursor';
import {
  claimDueRows,
  dueLater,
  givenUp,
  isFailedRow,
  ownClaim,
  requeued,
  sentNow,
  type Claim,
} from '../../lib/outbox-queue';
import type { OutboxStatus } from '../../../shared/schemas/outbox';

export type SmsRow = typeof smsOutbox.$inferSelect;

/** Every column the admins' list shows: the body waits for the detail, as mail's does. */
const listColumns = {
  id: smsOutbox.id,
  toPhone: smsOutbox.toPhone,
  kind: smsOutbox.kind,
  status: smsOutbox.status,
  attempts: smsOutbox.attempts,
  lastError: smsOutbox.lastError,
  createdAt: smsOutbox.createdAt,
  sentAt: smsOutbox.sentAt,
  nextAttemptAt: smsOutbox.nextAttemptAt,
};
export type SmsListRow = Pick<SmsRow, keyof typeof listColumns>;
export type SmsDetailRow = SmsListRow & Pick<SmsRow, 'body' | 'providerMessageId'>;

export async function insertSms(
  db: DbOrTx,
  sms: { to: string; body: string; kind: string },
): Promise<void> {
  await db.insert(smsOutbox).values({ toPhone: sms.to, body: sms.body, kind: sms.kind });
}

/** Deletes every SMS, queued or sent, to `phone` (a deleted person's SMS). */
export async function deleteSmsTo(db: DbOrTx, phone: string): Promise<number> {
  const deleted = await db
    .delete(smsOutbox)
    .where(eq(smsOutbox.toPhone, phone))
    .returning({ id: smsOutbox.id });
  return deleted.length;
}

const ofStatus = (status: OutboxStatus | undefined) =>
  status ? eq(smsOutbox.status, status) : undefined;

/** Newest first after the cursor, on sms_outbox_created_idx; never a body. */
export async function smsAfter(
  db: DbOrTx,
  q: { status?: OutboxStatus | undefined; cursor: MicroCursor | undefined; limit: number },
): Promise<(SmsListRow & { cursorAt: string })[]> {
  return db
    .select({ ...listColumns, cursorAt: microText(smsOutbox.createdAt) })
    .from(smsOutbox)
    .where(and(ofStatus(q.status), afterMicroCursor(smsOutbox.createdAt, smsOutbox.id, q.cursor)))
    .orderBy(...newestFirst(smsOutbox.createdAt, smsOutbox.id))
    .limit(q.limit);
}

export async function countSms(db: DbOrTx, status: OutboxStatus | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(smsOutbox)
    .where(ofStatus(status));
  return row?.total ?? 0;
}

export async function findSms(db: DbOrTx, id: string): Promise<SmsDetailRow | undefined> {
  const [row] = await db
    .select({
      ...listColumns,
      body: smsOutbox.body,
      providerMessageId: smsOutbox.providerMessageId,
    })
    .from(smsOutbox)
    .where(eq(smsOutbox.id, id))
    .limit(1);
  return row;
}

export async function lockSms(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ status: smsOutbox.status, attempts: smsOutbox.attempts })
    .from(smsOutbox)
    .where(eq(smsOutbox.id, id))
    .for('update');
  return row;
}

/** A failed SMS back to pending, due now, attempts from zero; undefined unless it was failed. */
export async function requeueFailedSms(db: DbOrTx, id: string): Promise<SmsListRow | undefined> {
  const [row] = await db
    .update(smsOutbox)
    .set(requeued())
    .where(isFailedRow(smsOutbox, id))
    .returning(listColumns);
  return row;
}

/**
 * Claims up to `limit` due rows in one statement; SKIP LOCKED gives concurrent workers
 * disjoint rows, and a row whose lock expired is due again (see sms.worker.ts).
 */
export async function claimDueSms(
  db: DbOrTx,
  workerId: string,
  limit: number,
  lockSeconds: number,
): Promise<SmsRow[]> {
  return claimDueRows(db, smsOutbox, { workerId, limit, lockSeconds });
}

export async function markSmsSent(
  db: DbOrTx,
  claim: Claim,
  providerMessageId: string | null,
): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ ...sentNow(), providerMessageId })
    .where(ownClaim(smsOutbox, claim));
}

export async function markSmsFailed(db: DbOrTx, claim: Claim, lastError: string): Promise<void> {
  await db.update(smsOutbox).set(givenUp(lastError)).where(ownClaim(smsOutbox, claim));
}

export async function retrySmsLater(
  db: DbOrTx,
  claim: Claim,
  lastError: string,
  delaySeconds: number,
): Promise<void> {
  await db
    .update(smsOutbox)
    .set(dueLater(lastError, delaySeconds))
    .where(ownClaim(smsOutbox, claim));
}
