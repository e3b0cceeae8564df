import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from './db-errors';
import type { Claim } from './outbox-queue';

/** After this many failed attempts a row is marked failed and left for the admins' outbox view. */
export const MAX_ATTEMPTS = 8;
/** How long a claim holds a row; a worker that dies mid-send gives the row back after this. */
export const LOCK_SECONDS = 120;
/** Batches per run before the run yields to the next tick (a large backlog drains over several ticks). */
const MAX_BATCHES_PER_RUN = 100;
const MAX_ERROR_LENGTH = 500;

/** Seconds to wait before attempt `attempt + 1`: 30 s, 2 min, 8 min, 32 min, ~2 h, then 6 h. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 4 ** Math.max(attempt - 1, 0), 6 * 3600);
}

export type OutboxRunResult = { sent: number; failed: number };

export type OutboxLoop = {
  /** Sends what is due now. `failed` counts failed send attempts, retried later or given up. */
  runOnce(): Promise<OutboxRunResult>;
  /** Stops the timer and waits for a run in flight; later runs do nothing. */
  stop(): Promise<void>;
};

type QueuedRow = { id: string; kind: string; attempts: number };

/**
 * The worker of one outbox table: claims due rows in batches (FOR UPDATE SKIP LOCKED, so
 * several instances take disjoint rows), sends each batch in parallel, and marks each row
 * sent, due again after a back-off, or failed (a permanent refusal, or MAX_ATTEMPTS).
 * Runs of one loop never overlap. What is sent, and how, is the caller's.
 */
export function startOutboxLoop<Row extends QueuedRow, Sent>(options: {
  /** "mail" or "SMS": the words of the log lines. */
  noun: string;
  log: FastifyBaseLogger;
  pollIntervalMs: number;
  /** Rows claimed per batch, sent in parallel. */
  batchSize: number;
  claim(workerId: string, limit: number, lockSeconds: number): Promise<Row[]>;
  /** Resolves once the provider accepted the row; rejects otherwise. */
  send(row: Row): Promise<Sent>;
  /** The provider refused this row for good: retrying gets the same answer. */
  isPermanent(error: unknown): boolean;
  /** The error's text as it may be stored and logged. */
  errorText(error: unknown): string;
  markSent(claim: Claim, row: Row, sent: Sent): Promise<void>;
  markFailed(claim: Claim, lastError: string): Promise<void>;
  retryLater(claim: Claim, lastError: string, delaySeconds: number): Promise<void>;
  /** What a log line says about the row: its id and never its recipient or content. */
  logFields(row: Row): Record<string, unknown>;
  /** Runs once after stop() has waited for the run in flight. */
  onStopped?: () => void;
}): OutboxLoop {
  const { log, noun } = options;
  const workerId = crypto.randomUUID();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // Runs of one worker never overlap: each starts when the previous one has settled.
  let current: Promise<unknown> = Promise.resolve();

  async function drain(): Promise<OutboxRunResult> {
    const total = { sent: 0, failed: 0 };
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !stopped; batch++) {
      const rows = await options.claim(workerId, options.batchSize, LOCK_SECONDS);
      const results = await Promise.allSettled(rows.map((row) => deliver(row)));
      for (const result of results) {
        if (result.status === 'rejected') throw result.reason;
        total[result.value] += 1;
      }
      if (rows.length < options.batchSize) break;
    }
    if (total.sent + total.failed > 0) log.info({ ...total }, `${noun} outbox run`);
    return total;
  }

  async function deliver(row: Row): Promise<'sent' | 'failed'> {
    if (row.attempts > MAX_ATTEMPTS) {
      // Only a row whose worker stopped mid-send on its last attempt gets here: give up without sending again.
      await markFailedAttempt(
        row,
        'gave up: the worker stopped while sending the last attempt',
        true,
      );
      return 'failed';
    }
    let sent: Sent;
    try {
      sent = await options.send(row);
    } catch (error) {
      const giveUp = options.isPermanent(error) || row.attempts >= MAX_ATTEMPTS;
      await markFailedAttempt(row, options.errorText(error), giveUp);
      return 'failed';
    }
    await options.markSent({ id: row.id, workerId }, row, sent);
    log.debug(options.logFields(row), `${noun} sent`);
    return 'sent';
  }

  async function markFailedAttempt(row: Row, lastError: string, giveUp: boolean): Promise<void> {
    const delay = retryDelaySeconds(row.attempts);
    const claim = { id: row.id, workerId };
    if (giveUp) await options.markFailed(claim, lastError);
    else await options.retryLater(claim, lastError, delay);
    log.warn(
      {
        ...options.logFields(row),
        attempt: row.attempts,
        error: lastError,
        ...(giveUp ? {} : { retryInSeconds: delay }),
      },
      giveUp ? `${noun} not sent; giving up` : `${noun} not sent; will retry`,
    );
  }

  function runOnce(): Promise<OutboxRunResult> {
    const run = current.then(() => (stopped ? { sent: 0, failed: 0 } : drain()));
    current = run.catch(() => {});
    return run;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => {
          // A database error's message carries the statement's parameters (a body, an
          // address): loggableError keeps its code and a message without values.
          log.warn(
            { err: loggableError(error) },
            `${noun} outbox run failed; retrying at the next poll`,
          );
        })
        .finally(schedule);
    }, options.pollIntervalMs);
    timer.unref();
  }
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      options.onStopped?.();
    },
  };
}

/**
 * Short, on one line, and without a recipient: an e-mail address keeps only its domain, a
 * phone number (seven digits or more) only its last three digits, and each of `secrets`
 * (credentials the error might quote) is replaced whole.
 */
export function safeErrorText(error: unknown, secrets: readonly string[] = []): string {
  let text = error instanceof Error ? error.message : String(error);
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length > 0) text = text.split(secret).join('[redacted]');
  }
  const masked = text
    .replace(/[^\s<>"'(),;:@]+@([A-Za-z0-9.-]+)/g, '…@$1')
    .replace(/\+?\d{4,}(\d{3})(?!\d)/g, '…$1')
    .replace(/\s+/g, ' ')
    .trim();
  return masked.length > MAX_ERROR_LENGTH ? `${masked.slice(0, MAX_ERROR_LENGTH - 1)}…` : masked;
}
