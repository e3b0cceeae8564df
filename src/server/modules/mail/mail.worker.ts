import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
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

/** After this many failed attempts a mail is marked failed and left for the admins' outbox view. */
export const MAX_ATTEMPTS = 8;
/** How long a claim holds a row; a worker that dies mid-send gives the row back after this. */
const LOCK_SECONDS = 120;
/** Batches per run before the run yields to the next tick (a large backlog drains over several ticks). */
const MAX_BATCHES_PER_RUN = 100;
const MAX_ERROR_LENGTH = 500;

/** Seconds to wait before attempt `attempt + 1`: 30 s, 2 min, 8 min, 32 min, ~2 h, then 6 h. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 4 ** Math.max(attempt - 1, 0), 6 * 3600);
}

export type MailWorker = {
  /** Stops the timer and waits for a run in flight; later runs do nothing. */
  stop(): Promise<void>;
  /** Sends what is due now. `failed` counts failed send attempts, retried later or given up. */
  runOnce(): Promise<{ sent: number; failed: number }>;
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
          log.warn({ err: { message: safeErrorText(error) } }, 'mail retention pass failed');
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
  const workerId = crypto.randomUUID();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // Runs of one worker never overlap: each starts when the previous one has settled.
  let current: Promise<unknown> = Promise.resolve();

  async function drain(): Promise<{ sent: number; failed: number }> {
    const total = { sent: 0, failed: 0 };
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !stopped; batch++) {
      const rows = await claimDueMail(db, workerId, SMTP_CONNECTIONS, LOCK_SECONDS);
      const results = await Promise.allSettled(rows.map((row) => deliver(row)));
      for (const result of results) {
        if (result.status === 'rejected') throw result.reason;
        total[result.value] += 1;
      }
      if (rows.length < SMTP_CONNECTIONS) break;
    }
    if (total.sent + total.failed > 0) log.info({ ...total }, 'mail outbox run');
    return total;
  }

  async function deliver(row: OutboxRow): Promise<'sent' | 'failed'> {
    if (row.attempts > MAX_ATTEMPTS) {
      // Only a row whose worker stopped mid-send on its last attempt gets here: give up without sending again.
      await markFailedAttempt(
        row,
        'gave up: the worker stopped while sending the last attempt',
        true,
      );
      return 'failed';
    }
    try {
      await mailer.send({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
      });
    } catch (error) {
      const permanent = error instanceof MailSendError && error.permanent;
      await markFailedAttempt(row, safeErrorText(error), permanent || row.attempts >= MAX_ATTEMPTS);
      return 'failed';
    }
    await markClaimedSent(db, { id: row.id, workerId }, redactedOnceSent(row));
    log.debug({ mailId: row.id, kind: row.kind }, 'mail sent');
    return 'sent';
  }

  async function markFailedAttempt(
    row: OutboxRow,
    lastError: string,
    giveUp: boolean,
  ): Promise<void> {
    const delay = retryDelaySeconds(row.attempts);
    const claim = { id: row.id, workerId };
    if (giveUp) await markClaimedFailed(db, claim, lastError);
    else await retryClaimedLater(db, claim, lastError, delay);
    log.warn(
      {
        mailId: row.id,
        kind: row.kind,
        attempt: row.attempts,
        toDomain: row.toAddress.split('@').pop(),
        error: lastError,
        ...(giveUp ? {} : { retryInSeconds: delay }),
      },
      giveUp ? 'mail not sent; giving up' : 'mail not sent; will retry',
    );
  }

  function runOnce(): Promise<{ sent: number; failed: number }> {
    const run = current.then(() => (stopped ? { sent: 0, failed: 0 } : drain()));
    current = run.catch(() => {});
    return run;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => {
          log.warn(
            { err: { message: safeErrorText(error) } },
            'mail outbox run failed; retrying at the next poll',
          );
        })
        .finally(schedule);
    }, pollIntervalMs);
    timer.unref();
  }
  schedule();

  return {
    runOnce,
    purgeOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      stopPurging();
      await current;
      if (ownsTransport) mailer.close();
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

/** Short, and without the recipient's address (a server's reply often quotes it). */
function safeErrorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const masked = text
    .replace(/[^\s<>"'(),;:@]+@([A-Za-z0-9.-]+)/g, '…@$1')
    .replace(/\s+/g, ' ')
    .trim();
  return masked.length > MAX_ERROR_LENGTH ? `${masked.slice(0, MAX_ERROR_LENGTH - 1)}…` : masked;
}
