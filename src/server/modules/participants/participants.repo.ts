import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  earnings,
  participantPhotos,
  participants,
  payments,
  studies,
} from '../../db/schema/index';
import {
  afterMicroCursor,
  microText,
  newestFirst,
  type MicroCursor,
} from '../../lib/keyset-cursor';
import { likePattern } from '../../lib/pagination';
import { toE164 } from '../../../shared/phone';
import type { ParticipantRow } from '../accounts/users.repo';

export type EarningsRow = typeof earnings.$inferSelect;
export type PhotoRow = typeof participantPhotos.$inferSelect;
export type ParticipantChanges = Partial<typeof participants.$inferInsert>;

/**
 * The admin search: the stored, lower-cased search_text and its trigram index (migration
 * 0004), the one place the searched text is defined. A whole phone number typed as people
 * do (`0712 345 678`, `2547…`) is looked up in E.164, the one form phones are stored in.
 */
export function participantSearch(search: string | undefined): SQL | undefined {
  const typed = search?.trim();
  if (!typed) return undefined;
  const term = toE164(typed) ?? typed;
  return sql`${participants.searchText} LIKE ${likePattern(term)}`;
}

export async function findParticipant(db: DbOrTx, id: string): Promise<ParticipantRow | undefined> {
  const [row] = await db.select().from(participants).where(eq(participants.id, id)).limit(1);
  return row;
}

/** The participant row, locked until the transaction ends (a profile save). */
export async function lockParticipant(tx: DbOrTx, id: string): Promise<ParticipantRow | undefined> {
  const [row] = await tx.select().from(participants).where(eq(participants.id, id)).for('update');
  return row;
}

export async function updateParticipant(
  db: DbOrTx,
  id: string,
  values: ParticipantChanges,
): Promise<ParticipantRow | undefined> {
  const [row] = await db
    .update(participants)
    .set(values)
    .where(eq(participants.id, id))
    .returning();
  return row;
}

/** Removes the participant; the foreign keys take the photo, applications and earnings along. */
export async function deleteParticipant(
  db: DbOrTx,
  id: string,
): Promise<{ id: string; email: string; phone: string } | undefined> {
  const [row] = await db
    .delete(participants)
    .where(eq(participants.id, id))
    .returning({ id: participants.id, email: participants.email, phone: participants.phone });
  return row;
}

export async function savePhotoRow(
  db: DbOrTx,
  participantId: string,
  photo: { data: Buffer; contentType: string; etag: string },
): Promise<void> {
  const values = {
    data: photo.data,
    contentType: photo.contentType,
    etag: photo.etag,
    byteSize: photo.data.length,
  };
  await db
    .insert(participantPhotos)
    .values({ participantId, ...values })
    .onConflictDoUpdate({
      target: participantPhotos.participantId,
      set: { ...values, updatedAt: sql`now()` },
    });
}

export async function findPhoto(db: DbOrTx, participantId: string): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(participantPhotos)
    .where(eq(participantPhotos.participantId, participantId))
    .limit(1);
  return row;
}

export async function findEarnings(
  db: DbOrTx,
  participantId: string,
): Promise<EarningsRow | undefined> {
  const [row] = await db
    .select()
    .from(earnings)
    .where(eq(earnings.participantId, participantId))
    .limit(1);
  return row;
}

/** The participant's earnings row (null before any), or undefined when there is no such participant. */
export async function findParticipantEarnings(
  db: DbOrTx,
  participantId: string,
): Promise<{ earnings: EarningsRow | null } | undefined> {
  const [row] = await db
    .select({ earnings })
    .from(participants)
    .leftJoin(earnings, eq(earnings.participantId, participants.id))
    .where(eq(participants.id, participantId))
    .limit(1);
  return row;
}

export async function paymentsOf(db: DbOrTx, participantId: string) {
  return db
    .select({
      id: payments.id,
      testId: payments.testId,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      paymentMethod: payments.paymentMethod,
      transactionId: payments.transactionId,
      processedAt: payments.processedAt,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.participantId, participantId))
    .orderBy(desc(payments.createdAt));
}

/** The participant's own payments with their study's title, newest first (the earnings card). */
export async function ownPaymentsOf(db: DbOrTx, participantId: string) {
  return db
    .select({
      id: payments.id,
      testId: payments.testId,
      testTitle: studies.title,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      processedAt: payments.processedAt,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(studies, eq(studies.id, payments.testId))
    .where(eq(payments.participantId, participantId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/**
 * Participants newest first (NULLS LAST, as participants_created_at_idx is built), after the
 * cursor: one row comparison that PostgreSQL turns into a range of that index, so a deep page
 * costs what the first one does.
 */
export async function participantsAfter(
  db: DbOrTx,
  q: { search?: string | undefined; cursor: MicroCursor | undefined; limit: number },
): Promise<{ row: ParticipantRow; cursorAt: string }[]> {
  return db
    .select({ row: participants, cursorAt: microText(participants.createdAt) })
    .from(participants)
    .where(
      and(
        participantSearch(q.search),
        afterMicroCursor(participants.createdAt, participants.id, q.cursor),
      ),
    )
    .orderBy(...newestFirst(participants.createdAt, participants.id))
    .limit(q.limit);
}

export async function countParticipants(db: DbOrTx, search: string | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(participants)
    .where(participantSearch(search));
  return row?.total ?? 0;
}

/** The payout number (decisions.md section 11): E.164, or null to pay to the phone. */
export async function setPayoutPhone(
  tx: DbOrTx,
  id: string,
  payoutPhone: string | null,
): Promise<void> {
  await tx.update(participants).set({ payoutPhone }).where(eq(participants.id, id));
}
