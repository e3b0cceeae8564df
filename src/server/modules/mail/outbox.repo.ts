import { and, desc, eq, gte, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';
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

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Every column but the bodies: the list never reads them, so it cannot send them. */
const listColumns = {
  id: mailOutbox.id,
  toAddress: mailOutbox.toAddress,
  kind: mailOutbox.kind,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  nextAttemptAt: mailOutbox.nextAttemptAt,
};
export type OutboxListRow = Pick<OutboxRow, keyof typeof listColumns>;

export async function insertMail(
  db: DbOrTx,
  mail: {
    to: string;
    subject: string;
    text: string;
    html: string | null;
    calendar: string | null;
    kind: string;
    headers?: Record<string, string> | null;
  },
): Promise<void> {
  await insertMails(db, [mail]);
}

/** Several mails in one statement (a batch of a mail to many). */
export async function insertMails(
  db: DbOrTx,
  mails: {
    to: string;
    subject: string;
    text: string;
    html?: string | null;
    calendar?: string | null;
    kind: string;
    headers?: Record<string, string> | null;
  }[],
): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(mailOutbox).values(
    mails.map((mail) => ({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      calendar: mail.calendar ?? null,
      kind: mail.kind,
      headers: mail.headers ?? null,
    })),
  );
}

/**
 * Empties the bodies of mail sent before `cutoff`, the calendar file too (it says where and
 * when someone takes part in a study); returns how many were emptied.
 */
export async function emptySentBodies(db: DbOrTx, cutoff: Date): Promise<number> {
  const purged = await db
    .update(mailOutbox)
    .set({ textBody: '', htmlBody: null, calendar: null })
    .where(
      and(
        eq(mailOutbox.status, 'sent'),
        lt(mailOutbox.sentAt, cutoff),
        or(
          ne(mailOutbox.textBody, ''),
          isNotNull(mailOutbox.htmlBody),
          isNotNull(mailOutbox.calendar),
        ),
      ),
    )
    .returning({ id: mailOutbox.id });
  return purged.length;
}

/** Deletes every mail, queued or sent, addressed to `address` (a deleted person's mail). */
export async function deleteMailTo(db: DbOrTx, address: string): Promise<number> {
  const deleted = await db
    .delete(mailOutbox)
    .where(sql`lower(${mailOutbox.toAddress}) = ${address.trim().toLowerCase()}`)
    .returning({ id: mailOutbox.id });
  return deleted.length;
}

const ofStatus = (status: OutboxStatus | undefined) =>
  status ? eq(mailOutbox.status, status) : undefined;

/** Newest first after the cursor, on mail_outbox_created_idx; never a body. */
export async function outboxAfter(
  db: DbOrTx,
  q: { status?: OutboxStatus | undefined; cursor: MicroCursor | undefined; limit: number },
): Promise<(OutboxListRow & { cursorAt: string })[]> {
  return db
    .select({ ...listColumns, cursorAt: microText(mailOutbox.createdAt) })
    .from(mailOutbox)
    .where(and(ofStatus(q.status), afterMicroCursor(mailOutbox.createdAt, mailOutbox.id, q.cursor)))
    .orderBy(...newestFirst(mailOutbox.createdAt, mailOutbox.id))
    .limit(q.limit);
}

export async function countOutbox(db: DbOrTx, status: OutboxStatus | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(ofStatus(status));
  return row?.total ?? 0;
}

export async function findOutboxMail(
  db: DbOrTx,
  id: string,
): Promise<(OutboxListRow & { textBody: string; calendarAttached: boolean }) | undefined> {
  const [row] = await db
    .select({
      ...listColumns,
      textBody: mailOutbox.textBody,
      calendarAttached: sql<boolean>`${mailOutbox.calendar} is not null`,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .limit(1);
  return row;
}

export async function lockOutboxMail(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .for('update');
  return row;
}

/**
 * A failed mail back to pending, due now, with a fresh count of attempts; the status guard
 * is in the statement, so only a failed mail moves (undefined otherwise).
 */
export async function requeueFailedMail(
  db: DbOrTx,
  id: string,
): Promise<OutboxListRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set(requeued())
    .where(isFailedRow(mailOutbox, id))
    .returning(listColumns);
  return row;
}

/**
 * Claims up to `limit` due rows in one statement. SKIP LOCKED makes concurrent
 * workers (several server instances on one PostgreSQL) take disjoint rows; a
 * row whose lock has expired is due again (at least once, see mail.worker.ts).
 */
export async function claimDueMail(
  db: DbOrTx,
  workerId: string,
  limit: number,
  lockSeconds: number,
): Promise<OutboxRow[]> {
  return claimDueRows(db, mailOutbox, { workerId, limit, lockSeconds });
}

export async function markClaimedSent(
  db: DbOrTx,
  claim: Claim,
  bodies: { textBody?: string; htmlBody?: string | null },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ ...sentNow(), ...bodies })
    .where(ownClaim(mailOutbox, claim));
}

export async function markClaimedFailed(
  db: DbOrTx,
  claim: Claim,
  lastError: string,
): Promise<void> {
  await db.update(mailOutbox).set(givenUp(lastError)).where(ownClaim(mailOutbox, claim));
}

export async function retryClaimedLater(
  db: DbOrTx,
  claim: Claim,
  lastError: string,
  delaySeconds: number,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(dueLater(lastError, delaySeconds))
    .where(ownClaim(mailOutbox, claim));
}

/**
 * Every mail not sent yet (pending, sending, failed) and those sent since `sentSince`,
 * newest first, bodies included: for `npm run mail:outbox` on a developer's own database.
 */
export async function mailWithBodies(
  db: DbOrTx,
  options: { sentSince: Date; limit: number; to?: string | undefined },
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(
      and(
        or(ne(mailOutbox.status, 'sent'), gte(mailOutbox.sentAt, options.sentSince)),
        options.to
          ? sql`lower(${mailOutbox.toAddress}) = ${options.to.trim().toLowerCase()}`
          : undefined,
      ),
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit);
}
