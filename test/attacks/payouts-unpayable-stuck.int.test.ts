import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mpesaHarness, type Harness } from '../support/mpesa-harness';

/**
 * Attack (decisions.md section 11): with PAYOUT_PROVIDER=mpesa, a payment M-Pesa cannot
 * carry (cents, above MPESA_MAX_AMOUNT, below MPESA_MIN_AMOUNT, a deleted participant) is
 * refused by the release with "pay it by hand", and paying by hand is refused too: moving it
 * to processing answers "Release the payment to pay it over M-Pesa". Pending can only go to
 * processing or failed, so the money owed can neither be paid nor recorded as paid.
 */
let h: Harness;
beforeAll(async () => {
  h = await mpesaHarness();
});
afterAll(async () => {
  await h.close();
});

const setStatus = (id: string, payload: Record<string, string>) =>
  h.t.app.inject({
    method: 'PUT',
    url: `/api/payments/${id}/status`,
    headers: { cookie: h.boss.cookie },
    payload,
  });

describe('a payment M-Pesa cannot carry, with the M-Pesa provider', () => {
  // Finding (medium): by-hand processing was refused under M-Pesa, so such a payment could be
  // neither paid nor recorded; staff may now pay any payment by hand while no attempt is open.
  it('can be paid by hand as the release says: processing, then completed with the reference', async () => {
    for (const amount of ['1500.50', '150001.00']) {
      const o = await h.owed(1, amount);
      const release = await h.release([o.paymentId]);
      expect(release.statusCode).toBe(409);
      expect(release.json().errors[o.paymentId]).toMatch(/by hand/);
      const byHand = await setStatus(o.paymentId, { status: 'processing' });
      expect(byHand.statusCode, byHand.body).toBe(200);
      const paid = await setStatus(o.paymentId, {
        status: 'completed',
        transactionId: 'QK12HAND01',
        paymentMethod: 'M-Pesa',
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
  });
});
