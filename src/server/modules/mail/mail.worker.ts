import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { loggableError } from '../../lib/db-errors';
import { safeErrorText, startOutboxLoop, type OutboxRunResult } from '../../lib/outbox-worker';
import { isSensitiveMailKind } from '../../../shared/schemas/outbox';
import { purgeSentBodies, withoutTokenLinks } from './mail.service';
import {
  claimDueMail,
  markClaimedFailed,
  markClaimedSent,
  retryClaimedLater,
  type OutboxRow,
} from './outbox.repo';
import {
  createSmtpTransport,
  MailSendError,
  SMTP_CONNECTIONS,
  type MailTransport,
} from './mail.transport';

export { MAX_ATTEMPTS, retryDelaySeconds } from '../../lib/outbox-worker';

export type MailWorker = {
  /** Stops the timer and waits for a run in flight; later runs do nothing. */
  stop(): Promise<void>;
  /** Sends what is due now. `failed` counts failed send attempts, retried later or given up. */
  runOnce(): Promise<OutboxRunResult>;
  /** Empties the bodies of mail sent more than 7 days ago (by the injected clock); returns how many. */
  purgeOnce(): Promise<number>;
};

/** How often the retention pass runs. */
const PURGE_INTERVAL_MS = 3600_000;
/** The first retention pass, soon after start: a server restarted more often than hourly still purges. */
const FIRST_PURGE_MS = 60_000;

/**
 * Sends the mail outbox. Without SMTP_URL (and no transport given) it sends
 * nothing: the mail stays pending in the outbox, where admins can read it.
 *
 * Delivery is at least once, not exactly once: a worker that stops between the
 * SMTP server's acceptance and the update to 'sent' (crash, lost database
 * connection, a send slower than the lock) leaves the row in 'sending'; once
 * its lock expires another worker claims and sends it again. The Message-ID is
 * the outbox id, so receivers that de-duplicate on it drop the copy.
 */
export function startMailWorker(options: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  pollIntervalMs?: number;
  /** Replaces the SMTP transport built from config.smtpUrl; the caller closes it. */
  transport?: MailTransport;
  /** The clock of the retention pass (tests move it); the database's now() decides sending. */
  now?: () => Date;
  purgeIntervalMs?: number;
}): MailWorker {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  // Retention runs with or without SMTP: rows sent while SMTP_URL was set still expire.
  const purgeOnce = async () => {
    const purged = await purgeSentBodies(db, now());
    if (purged > 0) log.info({ purged }, 'mail bodies older than 7 days removed');
    return purged;
  };
  let purgeTimer: NodeJS.Timeout | undefined;
  const schedulePurge = (delay: number) => {
    purgeTimer = setTimeout(() => {
      purgeOnce()
        .catch((error: unknown) => {
          log.warn({ err: loggableError(error) }, 'mail retention pass failed');
        })
        .finally(() => {
          if (purgeTimer !== undefined) schedulePurge(options.purgeIntervalMs ?? PURGE_INTERVAL_MS);
        });
    }, delay);
    purgeTimer.unref();
  };
  schedulePurge(Math.min(FIRST_PURGE_MS, options.purgeIntervalMs ?? PURGE_INTERVAL_MS));
  const stopPurging = () => {
    clearTimeout(purgeTimer);
    purgeTimer = undefined;
  };
  const pollIntervalMs = options.pollIntervalMs ?? 5000;
  const ownsTransport = options.transport === undefined;
  const transport =
    options.transport ??
    (options.config.smtpUrl
      ? createSmtpTransport(options.config.smtpUrl, options.config.mailFrom)
      : undefined);

  if (!transport) {
    log.info(
      'SMTP_URL not set: mail stays in the outbox, not sent (admins: the Outbox tab; developers: npm run mail:outbox)',
    );
    return {
      async stop() {
        stopPurging();
      },
      async runOnce() {
        return { sent: 0, failed: 0 };
      },
      purgeOnce,
    };
  }
  const mailer = transport;
  const loop = startOutboxLoop({
    noun: 'mail',
    log,
    pollIntervalMs,
    batchSize: SMTP_CONNECTIONS,
    claim: (workerId, limit, lockSeconds) => claimDueMail(db, workerId, limit, lockSeconds),
    send: (row: OutboxRow) =>
      mailer.send({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        calendar: row.calendar,
        headers: row.headers,
      }),
    isPermanent: (error) => error instanceof MailSendError && error.permanent,
    errorText: (error) => safeErrorText(error),
    markSent: (claim, row) => markClaimedSent(db, claim, redactedOnceSent(row)),
    markFailed: (claim, lastError) => markClaimedFailed(db, claim, lastError),
    retryLater: (claim, lastError, delay) => retryClaimedLater(db, claim, lastError, delay),
    logFields: (row) => ({
      mailId: row.id,
      kind: row.kind,
      toDomain: row.toAddress.split('@').pop(),
    }),
    onStopped: () => {
      if (ownsTransport) mailer.close();
    },
  });

  return {
    runOnce: loop.runOnce,
    purgeOnce,
    async stop() {
      stopPurging();
      await loop.stop();
    },
  };
}

/**
 * A delivered mail keeps no working token link (a reset link is a key to the account):
 * removed from every body, and a sensitive kind's HTML copy is dropped altogether.
 */
function redactedOnceSent(row: OutboxRow): { textBody?: string; htmlBody?: string | null } {
  const textBody = withoutTokenLinks(row.textBody);
  const htmlBody = row.htmlBody === null ? null : withoutTokenLinks(row.htmlBody);
  if (isSensitiveMailKind(row.kind)) return { textBody, htmlBody: null };
  return textBody === row.textBody && htmlBody === row.htmlBody ? {} : { textBody, htmlBody };
}
