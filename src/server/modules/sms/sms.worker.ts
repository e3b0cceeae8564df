import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  safeErrorText,
  startOutboxLoop,
  type OutboxLoop,
  type OutboxRunResult,
} from '../../lib/outbox-worker';
import { recipientHash } from '../mail/mail.service';
import { claimDueSms, markSmsFailed, markSmsSent, retrySmsLater, type SmsRow } from './sms.repo';
import { createAfricasTalkingTransport, SmsSendError, type SmsTransport } from './sms.transport';

export type SmsWorker = OutboxLoop;

/** SMS sent at once per batch: one HTTP request each. */
export const SMS_CONCURRENCY = 5;

/**
 * Sends the SMS outbox, with the mail outbox's retries and back-off. With SMS_URL unset or
 * log:// (and no transport given) it sends nothing: SMS stay pending in the outbox, where
 * admins read them.
 *
 * Delivery is at least once, not exactly once: a worker that stops between the provider's
 * acceptance and the update to 'sent' (crash, lost database connection, an answer slower
 * than the claim's lock) leaves the row in 'sending'; once its lock expires another worker
 * claims and sends it again. Africa's Talking's API takes no key to de-duplicate on, so the
 * person may get the text twice: better than a reminder never sent, and rare (it needs a
 * crash inside one request's round trip).
 */
export function startSmsWorker(options: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  pollIntervalMs?: number;
  /** Replaces the transport built from config.sms (tests). */
  transport?: SmsTransport;
}): SmsWorker {
  const { db, log } = options;
  const sms = options.config.sms;
  const secrets = sms.provider === 'africastalking' ? [sms.apiKey] : [];
  const transport =
    options.transport ??
    (sms.provider === 'africastalking'
      ? createAfricasTalkingTransport({
          username: sms.username,
          apiKey: sms.apiKey,
          from: sms.from,
        })
      : undefined);

  if (!transport) {
    log.info('SMS_URL is log://: SMS stay in the outbox, not sent (admins: the Outbox tab)');
    return {
      async runOnce(): Promise<OutboxRunResult> {
        return { sent: 0, failed: 0 };
      },
      async stop() {},
    };
  }
  const sender = transport;
  return startOutboxLoop({
    noun: 'SMS',
    log,
    pollIntervalMs: options.pollIntervalMs ?? 5000,
    batchSize: SMS_CONCURRENCY,
    claim: (workerId, limit, lockSeconds) => claimDueSms(db, workerId, limit, lockSeconds),
    send: (row: SmsRow) => sender.send({ id: row.id, to: row.toPhone, body: row.body }),
    isPermanent: (error) => error instanceof SmsSendError && error.permanent,
    errorText: (error) => safeErrorText(error, secrets),
    markSent: (claim, _row, sent) => markSmsSent(db, claim, sent.providerMessageId ?? null),
    markFailed: (claim, lastError) => markSmsFailed(db, claim, lastError),
    retryLater: (claim, lastError, delay) => retrySmsLater(db, claim, lastError, delay),
    logFields: (row) => ({ smsId: row.id, kind: row.kind, to: recipientHash(row.toPhone) }),
  });
}
