import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutAttempts } from '../../src/server/db/schema/index';
import { mpesaHarness, type Harness } from '../support/mpesa-harness';

/**
 * Attack (decisions.md section 11, a faulty world): M-Pesa is busy and every Transaction
 * Status query times out in its queue (the query's QueueTimeOutURL is called). Status
 * queries back off (60 s, 120 s, 240 s …) and only after 5 unanswered ones is the payment
 * handed to staff as "outcome unknown". A timeout notice on the query's own token set the
 * next query due at once, so the 5 queries went out within seconds and a busy quarter of
 * an hour sent payments to staff that M-Pesa would have answered.
 */
let h: Harness;
beforeAll(async () => {
  h = await mpesaHarness();
});
afterAll(async () => {
  await h.close();
});

describe('status queries that time out in M-Pesa’s queue', () => {
  it('keep their back-off: a minute of worker runs asks at most twice and leaves the payment processing, not unknown', async () => {
    const o = await h.owed(9); // no callback: the worker asks after the deadline
    expect((await h.release([o.paymentId])).statusCode).toBe(202);
    await h.work();
    let queries = 0;
    h.faults.query = async (_real, req) => {
      queries += 1;
      await fetch(req.timeoutUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          Result: {
            ResultType: 1,
            ResultCode: 1,
            ResultDesc: 'The service request has timed out.',
            OriginatorConversationID: 'query-id',
            ConversationID: 'AG_q',
          },
        }),
      });
      return { kind: 'accepted', conversationId: 'AG_q', originatorConversationId: 'q' };
    };
    h.clock.ms += 61_000;
    for (let i = 0; i < 30; i++) {
      await h.work(); // the worker runs every 2 s
      h.clock.ms += 2_000;
    }
    delete h.faults.query;
    expect(queries).toBeLessThanOrEqual(2);
    const [attempt] = await h.t.database.db
      .select({ state: payoutAttempts.state })
      .from(payoutAttempts)
      .where(eq(payoutAttempts.paymentId, o.paymentId));
    expect(attempt!.state).not.toBe('unknown');
    expect((await h.paymentOf(o.paymentId)).status).toBe('processing');
  });
});
