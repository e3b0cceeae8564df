import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mpesaHarness, type Harness } from '../support/mpesa-harness';

/**
 * Attack (decisions.md section 11, "money stays exact and reconciled"): a reconciliation
 * report of a past period must not change after the fact. The report reads each payment's
 * latest released_at and failed_at, so retrying a failed payment later moves its first
 * release and its first failure out of the period they happened in.
 */
let h: Harness;
beforeAll(async () => {
  h = await mpesaHarness();
});
afterAll(async () => {
  await h.close();
});

const DAY = '2026-11-26';
async function reportOf(day: string) {
  const res = await h.t.app.inject({
    url: `/api/payouts/report?from=${day}&to=${day}`,
    headers: { cookie: h.boss.cookie },
  });
  expect(res.statusCode).toBe(200);
  const { sections } = res.json();
  return {
    released: [sections.released.count, sections.released.amount],
    failed: [sections.failed.count, sections.failed.amount],
  };
}

describe("a past day's report", () => {
  // Finding (medium): the report read the payments' latest dates; it reads the ledger of
  // moves (payment_events) now.
  it('stays as it was when a payment that failed that day is retried the next day', async () => {
    const o = await h.owed(6, '1500.00'); // 6: insufficient balance, each time
    expect((await h.release([o.paymentId])).statusCode).toBe(202);
    await h.work();
    expect((await h.paymentOf(o.paymentId)).status).toBe('failed');
    const before = await reportOf(DAY);
    expect(before).toEqual({ released: [1, '1500.00'], failed: [1, '1500.00'] });

    const retry = await h.t.app.inject({
      method: 'PUT',
      url: `/api/payments/${o.paymentId}/status`,
      headers: { cookie: h.boss.cookie },
      payload: { status: 'pending' },
    });
    expect(retry.statusCode).toBe(200);
    h.clock.ms += 24 * 3600_000;
    expect((await h.release([o.paymentId])).statusCode).toBe(202);
    await h.work();

    expect(await reportOf(DAY)).toEqual(before);
  });
});
