import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failQuery } from '../faults/driver-fault';
import { mpesaHarness, type Harness } from '../support/mpesa-harness';

/**
 * Attack (decisions.md section 11, faults): the database drops one write while the worker
 * is half-way through a batch it claimed. The attempts after it were never sent (certain:
 * no request left for them), so they must still be sent, once each. Left as they were
 * ('sending'), they waited for a status query that found nothing and, after the grace
 * period, failed payments that were never tried, for staff to retry one by one.
 */
let h: Harness;
beforeAll(async () => {
  h = await mpesaHarness();
});
afterAll(async () => {
  await h.close();
});

describe('the database lost in the middle of a batch', () => {
  it('the attempts of the batch not sent yet are sent by a later run, each once, and every payment is paid', async () => {
    const owed = [await h.owed(1), await h.owed(2), await h.owed(3)];
    expect((await h.release(owed.map((o) => o.paymentId))).statusCode).toBe(202);
    // The write after the first B2C request (its audit line) is lost.
    const undo = failQuery(h.t.database, (text) => /^insert into "audit_logs"/.test(text));
    try {
      await expect(h.t.app.payouts.sendQueued()).rejects.toThrow();
    } finally {
      undo();
    }
    await h.sim.settled();
    const sentFirst = owed.filter((o) => h.requestsFor(o.phone).length > 0);
    expect(sentFirst).toHaveLength(1);

    // The next runs, as the worker makes them every 2 s; no status query is due yet.
    for (let i = 0; i < 3; i++) {
      h.clock.ms += 10_000;
      await h.work();
    }
    for (const o of owed) {
      expect(h.requestsFor(o.phone)).toHaveLength(1);
      expect(await h.paymentOf(o.paymentId)).toMatchObject({ status: 'completed' });
    }
  });
});
