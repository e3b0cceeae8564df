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
    // Without SMTP_URL the mail stays in the outbox; the log is how a developer gets the link.
    options.log.info(
      { kind: mail.kind, subject: mail.subject, body: mail.text },
      'mail queued (SMTP_URL not set, not sent)',
    );
  }
}
