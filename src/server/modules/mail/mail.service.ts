import crypto from 'node:crypto';
import { and, eq, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about, e.g. "password-reset"; for the admins' outbox view and for tests. */
  kind: string;
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
  await db.insert(mailOutbox).values({
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    kind: mail.kind,
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
  const cutoff = new Date(now.getTime() - SENT_BODY_RETENTION_DAYS * 24 * 3600_000);
  const purged = await db
    .update(mailOutbox)
    .set({ textBody: '', htmlBody: null })
    .where(
      and(
        eq(mailOutbox.status, 'sent'),
        lt(mailOutbox.sentAt, cutoff),
        or(ne(mailOutbox.textBody, ''), isNotNull(mailOutbox.htmlBody)),
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
