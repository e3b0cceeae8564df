import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { decodeMicroCursor, keysetPage } from '../../lib/keyset-cursor';
import type { z } from 'zod';
import type {
  OutboxMail,
  OutboxMailDetail,
  outboxListQuerySchema,
} from '../../../shared/schemas/outbox';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { toOutboxMail, toOutboxMailDetail } from './mail.mapper';
import {
  countOutbox,
  emptySentBodies,
  findOutboxMail,
  insertMail,
  lockOutboxMail,
  outboxAfter,
  requeueFailedMail,
} from './outbox.repo';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about, e.g. "password-reset"; for the admins' outbox view and for tests. */
  kind: string;
  /** An iCalendar file (RFC 5545) sent along as invite.ics: session bookings and changes. */
  calendar?: string;
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
};

/** How long a sent mail's body is kept (decisions.md section 8). */
export const SENT_BODY_RETENTION_DAYS = 7;

/**
 * Stands for a recipient in a log line: the first 12 hex digits of the SHA-256 of the
 * lowercased address. Enough to follow one person's mail through the log; not an address.
 */
export function recipientHash(address: string): string {
  return crypto
    .createHash('sha256')
    .update(address.trim().toLowerCase())
    .digest('hex')
    .slice(0, 12);
}

/**
 * Puts a mail in the outbox. Call it with the transaction of the change that
 * causes it, so the mail exists if and only if the change committed.
 */
export async function enqueueMail(
  db: DbOrTx,
  mail: OutgoingMail,
  options: { smtpConfigured: boolean; log: FastifyBaseLogger },
): Promise<void> {
  await insertMail(db, {
    ...mail,
    html: mail.html ?? null,
    calendar: mail.calendar ?? null,
    headers: mail.headers ?? null,
  });
  if (!options.smtpConfigured) {
    // Never the body, subject or address: a reset link in a log line is an account takeover.
    // Admins read queued mail in the Outbox tab, developers with `npm run mail:outbox`.
    options.log.info(
      { kind: mail.kind, to: recipientHash(mail.to) },
      'mail queued (SMTP_URL not set, not sent; see the Outbox tab or `npm run mail:outbox`)',
    );
  }
}

/** A link that carries a token signs in whoever holds it: nothing worth keeping once delivered. */
const TOKEN_LINK = /https?:\/\/[^\s"'<>]*token=[^\s"'<>]*/gi;
export const REMOVED_LINK = '[link removed once sent]';

/** The body without its token links (a sent reset mail keeps its words, not its key). */
export function withoutTokenLinks(body: string): string {
  return body.replace(TOKEN_LINK, REMOVED_LINK);
}

export const containsTokenLink = (body: string) => new RegExp(TOKEN_LINK.source, 'i').test(body);

/**
 * Empties the bodies of mail sent more than 7 days before `now` (subject, recipient,
 * kind and dates stay for the outbox view). Returns how many were emptied.
 */
export async function purgeSentBodies(db: DbOrTx, now: Date): Promise<number> {
  return emptySentBodies(db, new Date(now.getTime() - SENT_BODY_RETENTION_DAYS * 24 * 3600_000));
}

/**
 * The mail outbox for admins (decisions.md section 12): queued, sent and failed mail,
 * newest first; retry a failed one. The list carries no body; a reset mail's body is
 * never shown.
 */
export function createMailService({ db, smtpConfigured }: { db: Db; smtpConfigured: boolean }) {
  return {
    /** One page of the outbox, newest first, optionally of one status; never a body. */
    async list(q: z.output<typeof outboxListQuerySchema>): Promise<{
      mail: OutboxMail[];
      nextCursor: string | null;
      total: number;
      smtpConfigured: boolean;
    }> {
      const rows = await outboxAfter(db, {
        status: q.status,
        cursor: decodeMicroCursor(q.cursor),
        limit: q.limit + 1,
      });
      const { shown, nextCursor } = keysetPage(rows, q.limit, (r) => ({
        at: r.cursorAt,
        id: r.id,
      }));
      return {
        mail: shown.map(toOutboxMail),
        nextCursor,
        total: await countOutbox(db, q.status),
        smtpConfigured,
      };
    },

    async get(id: string): Promise<OutboxMailDetail> {
      const row = await findOutboxMail(db, id);
      if (!row) throw notFound('Mail not found');
      return toOutboxMailDetail(row);
    },

    /**
     * Sends a failed mail again: back to pending, due now, with a fresh count of attempts
     * (the worker gives up after its maximum). Only a failed mail can be retried (409).
     */
    async retry(id: string, ctx: RequestContext): Promise<OutboxMail> {
      return db.transaction(async (tx) => {
        const before = await lockOutboxMail(tx, id);
        if (!before) throw notFound('Mail not found');
        const row = await requeueFailedMail(tx, id);
        if (!row) throw conflict('Only a failed mail can be retried');
        await recordAudit(tx, ctx, {
          action: 'mail.retry',
          resource: 'mail',
          resourceId: id,
          details: { kind: row.kind, previousAttempts: before.attempts },
        });
        return toOutboxMail(row);
      });
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
