import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mpesaHarness, type Harness } from '../support/mpesa-harness';

/**
 * Attack (decisions.md section 11, "a payment is never sent twice"): the bulk payment file
 * is the manual path's, for staff to pay by hand with the M-Pesa bulk tool. For a payout
 * the server is paying over Daraja it listed the very payments in M-Pesa's hands (processing),
 * ready to be paid a second time by hand.
 */
let h: Harness;
beforeAll(async () => {
  h = await mpesaHarness();
});
afterAll(async () => {
  await h.close();
});

describe('the bulk file of a payout paid over M-Pesa', () => {
  it('is refused (409, saying why) and lists no payment to pay by hand', async () => {
    const o = await h.owed(9); // in M-Pesa's hands, no answer yet
    const res = await h.release([o.paymentId]);
    expect(res.statusCode).toBe(202);
    await h.work();
    expect((await h.paymentOf(o.paymentId)).status).toBe('processing');
    const bulk = await h.t.app.inject({
      url: `/api/payouts/${res.json().payout.id}/bulk.csv`,
      headers: { cookie: h.boss.cookie },
    });
    expect(bulk.body).not.toContain(o.phone.slice(1));
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().message).toMatch(/M-Pesa/);
  });
});
