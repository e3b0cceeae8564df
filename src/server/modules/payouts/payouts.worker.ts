import type { FastifyBaseLogger } from 'fastify';
import type { PayoutsService } from './payouts.service';

/** Attempts claimed per transaction; a run drains up to MAX_BATCHES of them. */
const BATCH = 20;
const MAX_BATCHES = 50;

export type PayoutsWorker = {
  /** Sends queued attempts and asks about overdue ones, once. */
  runOnce(): Promise<{ sent: number; queried: number }>;
  /** Runs soon (a release was just committed). */
  nudge(): void;
  stop(): Promise<void>;
};

/**
 * The payout clockwork of decisions.md section 11: queued attempts are sent (picked up
 * within the poll interval, 2 s by default, or at once when nudged) and attempts whose
 * answer is overdue are resolved with a status query. Every instance may run one: rows
 * are claimed with FOR UPDATE SKIP LOCKED.
 */
export function startPayoutsWorker(options: {
  payouts: PayoutsService;
  log: FastifyBaseLogger;
  pollIntervalMs?: number;
}): PayoutsWorker {
  const { payouts, log } = options;
  const interval = options.pollIntervalMs ?? 2_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();

  async function drain() {
    const total = { sent: 0, queried: 0 };
    for (let batch = 0; batch < MAX_BATCHES && !stopped; batch++) {
      const sent = await payouts.sendQueued(BATCH);
      const queried = await payouts.checkOverdue(BATCH);
      total.sent += sent;
      total.queried += queried;
      if (sent < BATCH && queried < BATCH) break;
    }
    if (total.sent + total.queried > 0) log.info(total, 'payouts run: sent, status queries');
    return total;
  }

  function runOnce() {
    const run = current.then(() => (stopped ? { sent: 0, queried: 0 } : drain()));
    current = run.catch(() => {});
    return run;
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => {
          log.warn(
            { err: { message: error instanceof Error ? error.message : String(error) } },
            'payouts run failed; retrying at the next poll',
          );
        })
        .finally(() => schedule(interval));
    }, delay);
    timer.unref();
  }
  schedule(interval);

  return {
    runOnce,
    nudge: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
