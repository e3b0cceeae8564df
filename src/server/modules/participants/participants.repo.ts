import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { countWithin, roughly } from '../../db/counting';
import {
  earnings,
  invitations,
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
import { agedBetween } from '../recruiting/eligibility.repo';
import type { ParticipantFilter } from '../../../shared/schemas/recruiting';

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

/** The list's search and filters (decisions.md section 10), as GET /api/participants takes them. */
export type ParticipantQuery = ParticipantFilter & { search?: string | undefined };

/**
 * The search and every filter given, as one condition. Ages are whole years on `today`
 * (Nairobi's date, YYYY-MM-DD), counted as the eligibility rule counts them (agedBetween).
 */
export function participantWhere(q: ParticipantQuery, today: string): SQL | undefined {
  const equal = <T>(column: Parameters<typeof eq>[0], value: T | undefined) =>
    value === undefined ? undefined : eq(column, value);
  const has = (column: AnyPgColumn, value: string | undefined) =>
    value === undefined ? undefined : sql`${column} @> ARRAY[${value}]::text[]`;
  return and(
    participantSearch(q.search),
    equal(participants.gender, q.gender),
    equal(participants.county, q.county),
    equal(participants.employment, q.employment),
    equal(participants.incomeBand, q.incomeBand),
    equal(participants.internetAccess, q.internetAccess),
    equal(participants.education, q.education),
    has(participants.languages, q.language),
    has(participants.devices, q.device),
    has(participants.mobileMoney, q.mobileMoney),
    agedBetween(q.ageMin, q.ageMax, today),
    equal(participants.inviteOptIn, q.inviteOptIn),
    q.blocked === undefined
      ? undefined
      : q.blocked
        ? isNotNull(participants.blockedAt)
        : isNull(participants.blockedAt),
    q.duplicates === undefined
      ? undefined
      : q.duplicates
        ? // Stored, kept exact by migration 0020's trigger; its partial index lists the few.
          sql`${participants.hasPossibleDuplicate}`
        : sql`NOT ${participants.hasPossibleDuplicate}`,
  );
}

/**
 * The possible duplicates of each of `ids` (decisions.md section 10) in one statement: two
 * index joins, one per rule, on participants_name_birth_idx and participants_payout_number_idx.
 * The same rule as the stored has_possible_duplicate (migration 0020's trigger): a date of
 * birth null or empty matches nobody.
 */
export async function possibleDuplicatesOf(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (ids.length === 0) return found;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    SELECT p.id::text AS id, o.id::text AS other
    FROM participants p
    JOIN participants o
      ON lower(o.first_name) = lower(p.first_name)
     AND lower(o.last_name) = lower(p.last_name)
     AND o.date_of_birth = p.date_of_birth
    WHERE p.id IN (${list}) AND p.date_of_birth <> '' AND o.id <> p.id
    UNION
    SELECT p.id::text, o.id::text
    FROM participants p
    JOIN participants o
      ON coalesce(o.payout_phone, o.phone) = coalesce(p.payout_phone, p.phone)
    WHERE p.id IN (${list}) AND o.id <> p.id
    ORDER BY 1, 2
  `);
  for (const row of (result as unknown as { rows: { id: string; other: string }[] }).rows) {
    const others = found.get(row.id) ?? [];
    others.push(row.other);
    found.set(row.id, others);
  }
  return found;
}

/** Blocks (with the reason, or none) or unblocks the participant; the row as it is after. */
export async function setBlocked(
  db: DbOrTx,
  id: string,
  block: { blocked: boolean; reason: string | null; at: Date },
): Promise<ParticipantRow | undefined> {
  const [row] = await db
    .update(participants)
    .set(
      block.blocked
        ? // Blocked again: the first moment stays, the reason is the latest.
          {
            blockedAt: sql`coalesce(${participants.blockedAt}, ${block.at})`,
            blockedReason: block.reason,
          }
        : { blockedAt: null, blockedReason: null },
    )
    .where(eq(participants.id, id))
    .returning();
  return row;
}

/** The invitations the participant received ("Download my data"). */
export async function invitationsOf(db: DbOrTx, participantId: string) {
  return db
    .select({ testId: invitations.testId, createdAt: invitations.createdAt })
    .from(invitations)
    .where(eq(invitations.participantId, participantId))
    .orderBy(desc(invitations.createdAt));
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
export function participantsPageQuery(
  db: DbOrTx,
  q: { where: SQL | undefined; cursor: MicroCursor | undefined; limit: number },
) {
  return db
    .select({ row: participants, cursorAt: microText(participants.createdAt) })
    .from(participants)
    .where(and(q.where, afterMicroCursor(participants.createdAt, participants.id, q.cursor)))
    .orderBy(...newestFirst(participants.createdAt, participants.id))
    .limit(q.limit);
}

export async function participantsAfter(
  db: DbOrTx,
  q: { where: SQL | undefined; cursor: MicroCursor | undefined; limit: number },
): Promise<{ row: ParticipantRow; cursorAt: string }[]> {
  return participantsPageQuery(db, q);
}

/** The total of a search and its filters (also EXPLAINed by bench/admin-scale.ts). */
export function countParticipantsQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(participants)
    .where(where);
}

export async function countParticipants(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await countParticipantsQuery(db, where);
  return row?.total ?? 0;
}

/**
 * The list's total (docs/decisions/037-counts-at-scale.md): exact when small and quick,
 * else the planner's estimate, rounded, and said to be one.
 */
export function countParticipantsWithin(
  db: Db,
  where: SQL | undefined,
): Promise<{ value: number; estimated: boolean }> {
  return countWithin(db, {
    size: db
      .select({ one: sql`1` })
      .from(participants)
      .where(where),
    exact: (tx) => countParticipants(tx, where),
    estimate: roughly,
  });
}

/** The payout number (decisions.md section 11): E.164, or null to pay to the phone. */
export async function setPayoutPhone(
  tx: DbOrTx,
  id: string,
  payoutPhone: string | null,
): Promise<void> {
  await tx.update(participants).set({ payoutPhone }).where(eq(participants.id, id));
}
