import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/app-error';
import {
  afterMicroCursor,
  decodeMicroCursor,
  encodeMicroCursor,
  microText,
  newestFirst,
} from '../../lib/keyset-cursor';
import {
  isSensitiveMailKind,
  type OutboxMail,
  type OutboxMailDetail,
  type OutboxStatus,
} from '../../../shared/schemas/outbox';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { containsTokenLink } from './mail.service';

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
type ListRow = Pick<typeof mailOutbox.$inferSelect, keyof typeof listColumns>;

function toOutboxMail(row: ListRow): OutboxMail {
  const waiting = row.status === 'pending';
  return {
    id: row.id,
    recipient: row.toAddress,
    kind: row.kind,
    subject: row.subject,
    status: row.status as OutboxStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: waiting ? row.nextAttemptAt.toISOString() : null,
    sensitive: isSensitiveMailKind(row.kind),
  };
}

/** One page of the outbox, newest first, optionally of one status; never a body. */
export async function listOutbox(
  db: Db,
  q: { status?: OutboxStatus | undefined; limit: number; cursor?: string | undefined },
): Promise<{ mail: OutboxMail[]; nextCursor: string | null; total: number }> {
  const filter = q.status ? eq(mailOutbox.status, q.status) : undefined;
  const after = afterMicroCursor(mailOutbox.createdAt, mailOutbox.id, decodeMicroCursor(q.cursor));
  const rows = await db
    .select({ ...listColumns, cursorAt: microText(mailOutbox.createdAt) })
    .from(mailOutbox)
    .where(and(filter, after))
    .orderBy(...newestFirst(mailOutbox.createdAt, mailOutbox.id))
    .limit(q.limit + 1);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(filter);
  const shown = rows.slice(0, q.limit);
  const last = shown[shown.length - 1];
  return {
    mail: shown.map(toOutboxMail),
    nextCursor: rows.length > q.limit && last ? encodeMicroCursor(last.cursorAt, last.id) : null,
    total,
  };
}

/**
 * One mail with its text body, unless the body is a secret (a sensitive kind, or any
 * token link still in it) or was purged after the retention period.
 */
export async function getOutboxMail(db: Db, id: string): Promise<OutboxMailDetail> {
  const [row] = await db
    .select({ ...listColumns, textBody: mailOutbox.textBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .limit(1);
  if (!row) throw notFound('Mail not found');
  const secret = isSensitiveMailKind(row.kind) || containsTokenLink(row.textBody);
  const purged = !secret && row.textBody === '';
  return {
    ...toOutboxMail(row),
    sensitive: secret,
    body: secret || purged ? null : row.textBody,
    bodyHidden: secret ? 'sensitive' : purged ? 'purged' : null,
  };
}

/**
 * Sends a failed mail again: back to pending, due now, with a fresh count of attempts
 * (the worker gives up after its maximum). Only a failed mail can be retried (409).
 */
export async function retryOutboxMail(
  db: Db,
  id: string,
  ctx: RequestContext,
): Promise<OutboxMail> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id))
      .for('update');
    if (!before) throw notFound('Mail not found');
    const [row] = await tx
      .update(mailOutbox)
      .set({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: sql`now()`,
        lockedUntil: null,
        lockedBy: null,
      })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
      .returning(listColumns);
    if (!row) throw conflict('Only a failed mail can be retried');
    await recordAudit(tx, ctx, {
      action: 'mail.retry',
      resource: 'mail',
      resourceId: id,
      details: { kind: row.kind, previousAttempts: before.attempts },
    });
    return toOutboxMail(row);
  });
}
