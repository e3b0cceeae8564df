import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { failOnceEverywhere, lostConnection } from '../faults/driver-fault';

/** The session lookup is not the route's own: it still answers. */
const routeOwn = (text: string) => !/"sessions"/.test(text);

/**
 * A matcher that fires at the route's `k`-th own statement (of those `which` picks).
 * node-postgres shows a statement outside a transaction twice (the pool's query, then the
 * checked-out client's), maybe with others between (side-by-side statements): on PostgreSQL
 * a text shown once is awaited once more and not counted again.
 */
export function atStatement(
  database: Database,
  k: number,
  which: (text: string) => boolean = () => true,
) {
  let seen = 0;
  const shownOnce = new Map<string, number>();
  const state = { fired: false };
  const matches = (text: string) => {
    if (!routeOwn(text) || !which(text)) return false;
    if (database.kind === 'postgres') {
      const pending = shownOnce.get(text) ?? 0;
      if (pending > 0) {
        shownOnce.set(text, pending - 1);
        return false;
      }
      shownOnce.set(text, 1);
    }
    if (++seen !== k) return false;
    state.fired = true;
    return true;
  };
  return { matches, state };
}

/**
 * Runs `request` with the database lost at its 1st own statement, then its 2nd, … each time
 * expecting 503 "unavailable" and `untouched()` to hold, until it runs with no loss (the loss
 * came after its last statement); answers that last response and how many losses were tried.
 * `alsoFail` adds a fault of its own to each run (answers its undo).
 */
export async function loseEachStatement(
  database: Database,
  request: () => Promise<LightMyRequestResponse>,
  options: {
    which?: (text: string) => boolean;
    untouched?: () => Promise<void>;
    alsoFail?: () => () => void;
  } = {},
): Promise<{ last: LightMyRequestResponse; losses: number }> {
  for (let k = 1; k < 60; k++) {
    const at = atStatement(database, k, options.which);
    const undoExtra = options.alsoFail?.();
    const undo = failOnceEverywhere(database, at.matches, lostConnection());
    let res: LightMyRequestResponse;
    try {
      res = await request();
    } finally {
      undo();
      undoExtra?.();
    }
    if (!at.state.fired) return { last: res, losses: k - 1 };
    expect(res.statusCode, `loss at statement ${k}: ${res.body}`).toBe(503);
    expect(res.json()).toEqual({ message: expect.stringMatching(/unavailable/i) });
    await options.untouched?.();
  }
  throw new Error('the request never got through');
}
