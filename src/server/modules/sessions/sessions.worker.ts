import type { FastifyBaseLogger } from 'fastify';
import type { SessionsService } from './sessions.service';

/** Reminders claimed per transaction; a run drains up to MAX_BATCHES of them. */
const REMINDER_BATCH = 200;
const MAX_BATCHES = 100;

export type SessionsWorker = {
  /** Sends the reminders due now and passes on expired waitlist offers, once. */
  runOnce(): Promise<{ reminders: number; dropped: number; expiredOffers: number }>;
  stop(): Promise<void>;
};

/**
 * The clockwork of decisions.md section 9: reminders 24 h and 2 h before a session, and
 * waitlist offers whose two hours ran out. Every instance may run one: rows are claimed
 * with FOR UPDATE SKIP LOCKED and marked in the transaction that queues the messages, so
 * each reminder goes out once. Reminders due while the server was down go out when it
 * comes back, unless their session has started.
 */
export function startSessionsWorker(options: {
  sessions: SessionsService;
  log: FastifyBaseLogger;
  pollIntervalMs?: number;
}): SessionsWorker {
  const { sessions, log } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();

  async function drain() {
    const total = { reminders: 0, dropped: 0, expiredOffers: 0 };
    for (let batch = 0; batch < MAX_BATCHES && !stopped; batch++) {
      const { sent, dropped } = await sessions.sendDueReminders(REMINDER_BATCH);
      total.reminders += sent;
      total.dropped += dropped;
      if (sent + dropped < REMINDER_BATCH) break;
    }
    total.expiredOffers = await sessions.expireOffers();
    if (total.reminders + total.dropped + total.expiredOffers > 0)
      log.info(total, 'sessions run: reminders queued, offers passed on');
    return total;
  }

  function runOnce() {
    const run = current.then(() =>
      stopped ? { reminders: 0, dropped: 0, expiredOffers: 0 } : drain(),
    );
    current = run.catch(() => {});
    return run;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => {
          log.warn(
            { err: { message: error instanceof Error ? error.message : String(error) } },
            'sessions run failed; retrying at the next poll',
          );
        })
        .finally(schedule);
    }, options.pollIntervalMs ?? 30_000);
    timer.unref();
  }
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
