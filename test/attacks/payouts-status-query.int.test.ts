import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_GRACE_MS } from '../../src/server/modules/payouts/payouts.service';
import { mpesaHarness, type Harness } from '../support/mpesa-harness';

/**
 * Attack (decisions.md section 11, "a payment is never sent twice"): the Transaction Status
 * query is itself a request M-Pesa can fail for its own reasons (the initiator's credential
 * refused, the system busy, a status M-Pesa has not finished). Such an answer says nothing
 * about the payment. Marking the payment failed on it invites staff to retry (failed ->
 * pending -> release), which pays a second time when the first payment went through.
 */
let h: Harness;
beforeAll(async () => {
  h = await mpesaHarness();
});
afterAll(async () => {
  await h.close();
});

/** A status answer delivered to the query's ResultURL as M-Pesa would. */
async function answerQuery(resultUrl: string, result: Record<string, unknown>) {
  const res = await fetch(resultUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      Result: {
        ResultType: 0,
        OriginatorConversationID: 'query-own-id',
        ConversationID: 'AG_query',
        TransactionID: 'QRY0000000',
        ...result,
      },
    }),
  });
  expect(res.status).toBe(200);
}

/** Pays for real at the simulator but loses M-Pesa's result callback on the way. */
function loseTheResultCallback() {
  h.faults.send = (real, req) =>
    real({ ...req, resultUrl: 'http://127.0.0.1:9/lost', timeoutUrl: 'http://127.0.0.1:9/lost' });
}

describe('a status query that failed as a query', () => {
  for (const [what, result] of [
    [
      'ResultCode 2001 (the initiator information is invalid)',
      { ResultCode: 2001, ResultDesc: 'The initiator information is invalid.' },
    ],
    [
      'ResultCode 0 with TransactionStatus Pending (M-Pesa is still on it)',
      {
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionStatus', Value: 'Pending' },
            { Key: 'Amount', Value: 1500 },
          ],
        },
      },
    ],
    [
      'a B2C-shaped success without ReceiptNo',
      {
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        ResultParameters: {
          ResultParameter: [{ Key: 'TransactionReceipt', Value: 'QK1234ABCD' }],
        },
      },
    ],
  ] as const) {
    it(`${what} after the grace period leaves the payment processing (never failed: it may have been paid), then the next real answer settles it`, async () => {
      const o = await h.owed(1);
      loseTheResultCallback();
      expect((await h.release([o.paymentId])).statusCode).toBe(202);
      await h.work();
      delete h.faults.send;
      expect(h.requestsFor(o.phone)).toHaveLength(1); // the money moved

      h.faults.query = async (_real, req) => {
        await answerQuery(req.resultUrl, result);
        return { kind: 'accepted', conversationId: 'AG_q', originatorConversationId: 'q' };
      };
      h.clock.ms += 61_000;
      await h.work();
      h.clock.ms += NOT_FOUND_GRACE_MS;
      await h.work();
      delete h.faults.query;

      const p = await h.paymentOf(o.paymentId);
      expect(p.status).toBe('processing');
      // The real Transaction Status answer (Completed, with the receipt) settles it.
      h.clock.ms += 60 * 60_000;
      await h.work();
      expect(await h.paymentOf(o.paymentId)).toMatchObject({ status: 'completed' });
      expect(h.requestsFor(o.phone)).toHaveLength(1);
    });
  }
});
