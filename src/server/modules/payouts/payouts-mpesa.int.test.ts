import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/db';
import { failQuery, loseDatabase } from '../../../../test/faults/driver-fault';
import { mpesaHarness, type Harness } from '../../../../test/support/mpesa-harness';
import type { Database } from '../../db/client';
import { auditLogs, participants, payoutAttempts } from '../../db/schema/index';
import { startMpesaSim } from './mpesa-sim';
import { NOT_FOUND_GRACE_MS } from './payouts.service';

/**
 * Payouts over M-Pesa against the local Daraja simulator (decisions.md section 11): the
 * outcome is chosen by the last digit of the receiving number. Time is an injected clock;
 * the simulator calls back at once and `sim.settled()` waits for its callbacks.
 */

let h: Harness;
beforeAll(async () => {
  h = await mpesaHarness();
});
afterAll(async () => {
  await h.close();
});

const get = (url: string) => h.t.app.inject({ url, headers: { cookie: h.boss.cookie } });
/** Releases as staff do: with a fresh second-factor code when the last is over 5 minutes old. */
const release = (paymentIds: string[], hh = h) => hh.release(paymentIds);
// The harness's helpers, on the shared harness unless another is named.
const paymentOf = (id: string, hh = h) =>
  hh.paymentOf(id) as Promise<Record<string, string | number | null> & { status: string }>;
/** One worker pass: send what is queued, ask about what is overdue, wait for the callbacks. */
const work = (hh = h) => hh.work();
const requestsFor = (phone: string, hh = h) => hh.requestsFor(phone);
const advance = (ms: number, hh = h) => {
  hh.clock.ms += ms;
};
const owed = (digit: number, amount = '1500.00', hh = h) => hh.owed(digit, amount);
async function auditCount(db: Database['db'], action: string, paymentId: string) {
  const rows = await db.select().from(auditLogs).where(eq(auditLogs.resourceId, paymentId));
  return rows.filter((r) => r.action === action).length;
}

describe('M-Pesa outcomes by the last digit of the number', () => {
  it('0-5: completed with the M-Pesa receipt as the reference, one B2C request each, earnings paid and a mail queued', async () => {
    const owedOnes = await Promise.all([0, 3, 5].map((d) => owed(d, '1200.00')));
    const res = await release(owedOnes.map((o) => o.paymentId));
    expect(res.statusCode, res.body).toBe(202);
    for (const o of owedOnes) expect((await paymentOf(o.paymentId)).payoutState).toBe('queued');
    await work();
    for (const o of owedOnes) {
      const p = await paymentOf(o.paymentId);
      expect(p).toMatchObject({
        status: 'completed',
        paymentMethod: 'M-Pesa',
        attempts: 1,
        payoutState: 'succeeded',
      });
      expect(p.transactionId).toMatch(/^[A-Z0-9]{10}$/);
      const sent = requestsFor(o.phone);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.amount).toBe(1200);
      // Every step audited: sent (with M-Pesa's acknowledgement), then completed.
      expect(await auditCount(h.t.database.db, 'payout.sent', o.paymentId)).toBe(1);
      expect(await auditCount(h.t.database.db, 'payout.completed', o.paymentId)).toBe(1);
    }
    const { payout } = res.json();
    expect((await get(`/api/payouts/${payout.id}`)).json().payout.progress).toMatchObject({
      completed: 3,
      processing: 0,
      completedAmount: '3600.00',
    });
  });

  it("6 and 7: failed with M-Pesa's description; staff retry (failed -> pending) and release again, a new attempt", async () => {
    const poor = await owed(6);
    const invalid = await owed(7);
    expect((await release([poor.paymentId, invalid.paymentId])).statusCode).toBe(202);
    await work();
    const p6 = await paymentOf(poor.paymentId);
    expect(p6).toMatchObject({ status: 'failed', payoutState: 'failed' });
    // M-Pesa's reason, then what staff do next.
    expect(p6.failureReason).toMatch(
      /insufficient.*Top up the paying M-Pesa account, then retry\.$/i,
    );
    const p7 = await paymentOf(invalid.paymentId);
    expect(p7.status).toBe('failed');
    expect(p7.failureReason).toMatch(/number registered on M-Pesa, then retry\.$/);

    const retry = await h.t.app.inject({
      method: 'PUT',
      url: `/api/payments/${poor.paymentId}/status`,
      headers: { cookie: h.boss.cookie },
      payload: { status: 'pending' },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await release([poor.paymentId])).statusCode).toBe(202);
    await work();
    const again = await paymentOf(poor.paymentId);
    expect(again).toMatchObject({ status: 'failed', attempts: 2 });
    const sent = requestsFor(poor.phone);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.originatorConversationId).not.toBe(sent[1]!.originatorConversationId);
  });

  it('8: the queue-timeout callback leads to a status query, which finds the money moved: completed, never sent twice', async () => {
    const o = await owed(8);
    expect((await release([o.paymentId])).statusCode).toBe(202);
    await work(); // B2C -> timeout callback -> status query due now
    await work(); // status query -> result callback
    const p = await paymentOf(o.paymentId);
    expect(p.status).toBe('completed');
    expect(p.transactionId).toMatch(/^[A-Z0-9]{10}$/);
    expect(requestsFor(o.phone)).toHaveLength(1);
    expect(await auditCount(h.t.database.db, 'payout.status_query', o.paymentId)).toBe(1);
  });

  it('9: no callback at all; after the deadline a status query; "not paid" is believed only after the grace period, then failed', async () => {
    const o = await owed(9);
    expect((await release([o.paymentId])).statusCode).toBe(202);
    await work();
    expect((await paymentOf(o.paymentId)).status).toBe('processing');
    advance(61_000);
    await work(); // status query: failure, too early to believe
    expect((await paymentOf(o.paymentId)).status).toBe('processing');
    advance(NOT_FOUND_GRACE_MS);
    await work();
    const p = await paymentOf(o.paymentId);
    expect(p.status).toBe('failed');
    expect(requestsFor(o.phone)).toHaveLength(1);
  });
});

describe('the second factor', () => {
  it('a code older than 5 minutes is asked again (403 stepUp) before any money leaves', async () => {
    const o = await owed(1);
    advance(5 * 60_000 + 1_000);
    const stale = await h.t.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { cookie: h.boss.cookie },
      payload: { paymentIds: [o.paymentId] },
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().stepUp).toBe(true);
    await work();
    expect((await paymentOf(o.paymentId)).status).toBe('pending');
    expect(requestsFor(o.phone)).toHaveLength(0);
    expect((await release([o.paymentId])).statusCode).toBe(202);
  });
});

describe('never paid twice', () => {
  it('a replayed, contradicting or late callback changes nothing once settled, and is answered Accepted', async () => {
    const o = await owed(1);
    expect((await release([o.paymentId])).statusCode).toBe(202);
    await work();
    const paid = await paymentOf(o.paymentId);
    expect(paid.status).toBe('completed');
    const { resultUrl, timeoutUrl } = h.urls.filter((u) => u.kind === 'b2c').at(-1)!;
    const path = (url: string) => new URL(url).pathname;
    const failure = {
      Result: {
        ResultType: 0,
        ResultCode: 2001,
        ResultDesc: 'The initiator information is invalid.',
        OriginatorConversationID: 'whatever',
        ConversationID: 'AG_x',
        TransactionID: 'NLJ0000000',
      },
    };
    for (const [url, body] of [
      [path(resultUrl), failure],
      [path(timeoutUrl), failure],
      [path(resultUrl), { junk: true }],
      [path(resultUrl), 'not json at all'],
    ] as const) {
      const res = await h.t.app.inject({ method: 'POST', url, payload: body as object });
      expect([200, 400, 415]).toContain(res.statusCode);
      if (res.statusCode === 200)
        expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    }
    await work();
    const after = await paymentOf(o.paymentId);
    expect(after).toMatchObject({ status: 'completed', transactionId: paid.transactionId });
    expect(await auditCount(h.t.database.db, 'payout.completed', o.paymentId)).toBe(1);
    expect(requestsFor(o.phone)).toHaveLength(1);
  });

  it('an unknown or malformed token changes nothing and is answered Accepted', async () => {
    for (const token of ['A'.repeat(43), 'short', '%00', 'x'.repeat(200)]) {
      const res = await h.t.app.inject({
        method: 'POST',
        url: `/api/payouts/mpesa/result/${token}`,
        payload: { Result: { ResultCode: 0 } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    }
  });

  it('a payment in processing cannot be released again, nor moved by hand while M-Pesa has it', async () => {
    const o = await owed(9);
    expect((await release([o.paymentId])).statusCode).toBe(202);
    expect((await release([o.paymentId])).statusCode).toBe(409);
    await work();
    const byHand = await h.t.app.inject({
      method: 'PUT',
      url: `/api/payments/${o.paymentId}/status`,
      headers: { cookie: h.boss.cookie },
      payload: { status: 'failed' },
    });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().message).toMatch(/being sent over M-Pesa/);
    expect(requestsFor(o.phone)).toHaveLength(1);
  });

  it('two workers sending at once send each attempt once (claimed with SKIP LOCKED)', async () => {
    const owedOnes = await Promise.all([0, 1, 2, 3, 4, 5].map((d) => owed(d, '100.00')));
    expect((await release(owedOnes.map((o) => o.paymentId))).statusCode).toBe(202);
    await Promise.all([
      h.t.app.payouts.sendQueued(3),
      h.t.app.payouts.sendQueued(3),
      h.t.app.payouts.sendQueued(3),
    ]);
    await h.sim.settled();
    for (const o of owedOnes) {
      expect(requestsFor(o.phone)).toHaveLength(1);
      expect((await paymentOf(o.paymentId)).status).toBe('completed');
    }
  });
});

describe('faults between the call and the answer', () => {
  it('a 500 after M-Pesa took the money (answer lost): the outcome is unknown, never re-sent; the result callback completes it', async () => {
    const o = await owed(2);
    h.sim.failNext(1, 'lost_answer');
    let answer: string | undefined;
    h.faults.send = async (real, req) => {
      const a = await real(req);
      answer = a.kind;
      return a;
    };
    expect((await release([o.paymentId])).statusCode).toBe(202);
    await work();
    delete h.faults.send;
    expect(answer).toBe('unknown');
    advance(61_000);
    await work();
    const p = await paymentOf(o.paymentId);
    expect(p.status).toBe('completed');
    expect(requestsFor(o.phone)).toHaveLength(1);
  });

  it('a 500 before M-Pesa saw it: unknown; "not found" believed after the grace period: failed, and the retry pays once', async () => {
    const o = await owed(3);
    h.sim.failNext(1, 'http500');
    expect((await release([o.paymentId])).statusCode).toBe(202);
    await work();
    advance(61_000);
    await work();
    expect((await paymentOf(o.paymentId)).status).toBe('processing');
    advance(NOT_FOUND_GRACE_MS);
    await work();
    const failed = await paymentOf(o.paymentId);
    expect(failed.status).toBe('failed');
    expect(requestsFor(o.phone)).toHaveLength(0);
    await h.t.app.inject({
      method: 'PUT',
      url: `/api/payments/${o.paymentId}/status`,
      headers: { cookie: h.boss.cookie },
      payload: { status: 'pending' },
    });
    expect((await release([o.paymentId])).statusCode).toBe(202);
    await work();
    expect((await paymentOf(o.paymentId)).status).toBe('completed');
    expect(requestsFor(o.phone)).toHaveLength(1);
  });

  it('certainly not sent (no token, connection refused): queued again with back-off, then sent once', async () => {
    const o = await owed(4);
    h.faults.send = async () => ({ kind: 'not_sent', error: 'connect ECONNREFUSED 127.0.0.1:1' });
    expect((await release([o.paymentId])).statusCode).toBe(202);
    await work();
    delete h.faults.send;
    const waiting = await paymentOf(o.paymentId);
    expect(waiting).toMatchObject({ status: 'processing', payoutState: 'queued' });
    expect(waiting.payoutError).toMatch(/ECONNREFUSED/);
    await work(); // not due yet
    expect(requestsFor(o.phone)).toHaveLength(0);
    advance(6_000);
    await work();
    expect((await paymentOf(o.paymentId)).status).toBe('completed');
    expect(requestsFor(o.phone)).toHaveLength(1);
  });

  it('an expired OAuth token mid-batch: the adapter fetches a new one and the batch completes', async () => {
    const owedOnes = await Promise.all([0, 1].map((d) => owed(d)));
    expect((await release(owedOnes.map((o) => o.paymentId))).statusCode).toBe(202);
    let first = true;
    h.faults.send = async (real, req) => {
      if (!first) h.sim.expireTokens();
      first = false;
      return real(req);
    };
    await work();
    delete h.faults.send;
    for (const o of owedOnes) expect((await paymentOf(o.paymentId)).status).toBe('completed');
  });

  it('no answer to any status query: "outcome unknown" for staff, who settle it by hand after checking the portal', async () => {
    const o = await owed(9);
    h.faults.query = async () => ({ kind: 'unknown', error: 'socket hang up' });
    expect((await release([o.paymentId])).statusCode).toBe(202);
    await work();
    for (let i = 0; i < 7; i++) {
      advance(60_000 * 2 ** i + 1_000);
      await work();
    }
    delete h.faults.query;
    const p = await paymentOf(o.paymentId);
    expect(p).toMatchObject({ status: 'processing', payoutState: 'unknown' });
    const settled = await h.t.app.inject({
      method: 'PUT',
      url: `/api/payments/${o.paymentId}/status`,
      headers: { cookie: h.boss.cookie },
      payload: { status: 'failed', failureReason: 'Not in the M-Pesa portal' },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    const [attempt] = await h.t.database.db
      .select()
      .from(payoutAttempts)
      .where(eq(payoutAttempts.paymentId, o.paymentId));
    expect(attempt!.state).toBe('failed');
  });

  it('the process dies between the call and the answer: after a restart the status query settles it, never sent again', async () => {
    const database = await createTestDatabase();
    const sim = await startMpesaSim({ port: 0, delayMs: 200 });
    const first = await mpesaHarness({ database, sim });
    const o = await owed(5, '700.00', first);
    expect((await release([o.paymentId], first)).statusCode).toBe(202);
    first.faults.send = async (real, req) => {
      await real(req);
      throw new Error('killed');
    };
    await expect(first.t.app.payouts.sendQueued()).rejects.toThrow('killed');
    // The process is gone before M-Pesa calls back: its callback finds nobody.
    await first.t.app.close();
    await sim.settled();
    expect(requestsFor(o.phone, first)).toHaveLength(1);

    const second = await mpesaHarness({ database, sim, port: first.port });
    second.clock.ms = first.clock.ms;
    await work(second);
    expect((await paymentOf(o.paymentId, second)).status).toBe('processing');
    advance(61_000, second);
    await work(second);
    const p = await paymentOf(o.paymentId, second);
    expect(p.status).toBe('completed');
    expect(requestsFor(o.phone, second)).toHaveLength(1);
    await second.t.close();
    await sim.close();
    await database.close();
  });
});

describe('the database lost', () => {
  it('release, preview, progress, the bulk file and a callback answer 503, never 500; a worker run that loses its write fails and the payment is paid once', async () => {
    const o = await owed(1);
    const UNAVAILABLE = { message: 'The service is temporarily unavailable; please try again' };
    const undo = loseDatabase(h.t.database, (text) => /"sessions"/.test(text));
    try {
      for (const res of [
        await h.t.app.inject({
          method: 'POST',
          url: '/api/payouts',
          headers: { cookie: h.boss.cookie },
          payload: { paymentIds: [o.paymentId] },
        }),
        await h.t.app.inject({
          method: 'POST',
          url: '/api/payouts/preview',
          headers: { cookie: h.boss.cookie },
          payload: { paymentIds: [o.paymentId] },
        }),
        await get('/api/payouts'),
        await get(`/api/payouts/${o.paymentId}`),
        await h.t.app.inject({
          method: 'POST',
          url: `/api/payouts/mpesa/result/${'B'.repeat(43)}`,
          payload: { Result: { ResultCode: 0 } },
        }),
      ]) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toEqual(UNAVAILABLE);
      }
    } finally {
      undo();
    }
    expect((await release([o.paymentId])).statusCode).toBe(202);
    // The database drops the write of M-Pesa's acknowledgement (the request has left): the
    // run fails, the attempt stays 'sending', and it is settled by its callback, never resent.
    const undoWrite = failQuery(h.t.database, (text) => /^update "payout_attempts"/.test(text));
    try {
      await expect(h.t.app.payouts.sendQueued()).rejects.toThrow();
    } finally {
      undoWrite();
    }
    await work();
    advance(61_000);
    await work();
    expect((await paymentOf(o.paymentId)).status).toBe('completed');
    expect(requestsFor(o.phone)).toHaveLength(1);
  });
});

describe('what the release refuses with M-Pesa', () => {
  it('cents, amounts outside the per-transaction limits and numbers that are not Kenyan mobiles: 409 naming each, nothing released', async () => {
    const cents = await owed(1, '1500.50');
    const low = await owed(1, '5.00');
    const high = await owed(1, '150001.00');
    const landline = await owed(1);
    await h.t.database.db
      .update(participants)
      .set({ payoutPhone: '+254201234567' })
      .where(eq(participants.id, landline.participantId));
    const ids = [cents, low, high, landline].map((o) => o.paymentId);
    const res = await release(ids);
    expect(res.statusCode).toBe(409);
    const { errors } = res.json();
    expect(errors[cents.paymentId]).toMatch(/whole shillings/);
    expect(errors[low.paymentId]).toMatch(/minimum of Ksh\s10/);
    expect(errors[high.paymentId]).toMatch(/maximum of Ksh\s150,000/);
    expect(errors[landline.paymentId]).toMatch(/not a Kenyan mobile number/);
    for (const id of ids) expect((await paymentOf(id)).status).toBe('pending');
  });
});

describe('callbacks and logs', () => {
  it('a callback from an address outside MPESA_CALLBACK_IPS is refused 403 and changes nothing', async () => {
    const guarded = await mpesaHarness({ env: { MPESA_CALLBACK_IPS: '196.201.214.0/24' } });
    try {
      const o = await owed(1, '1500.00', guarded);
      expect((await release([o.paymentId], guarded)).statusCode).toBe(202);
      await work(guarded); // the simulator calls from 127.0.0.1: refused
      expect((await paymentOf(o.paymentId, guarded)).status).toBe('processing');
      const { resultUrl } = guarded.urls.at(-1)!;
      const allowed = await guarded.t.app.inject({
        method: 'POST',
        url: new URL(resultUrl).pathname,
        remoteAddress: '196.201.214.7',
        payload: {
          Result: {
            ResultType: 0,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            OriginatorConversationID: guarded.sim.requests.at(-1)!.originatorConversationId,
            ConversationID: 'AG_20261126_1',
            TransactionID: 'QK12345ABC',
            ResultParameters: {
              ResultParameter: [
                { Key: 'TransactionAmount', Value: 1500 },
                { Key: 'TransactionReceipt', Value: 'QK12345ABC' },
              ],
            },
          },
        },
      });
      expect(allowed.statusCode).toBe(200);
      expect((await paymentOf(o.paymentId, guarded)).transactionId).toBe('QK12345ABC');
    } finally {
      await guarded.close();
    }
  });

  it('no secret reaches the log: consumer secret, security credential, tokens, callback tokens', async () => {
    const text = JSON.stringify(h.lines);
    for (const secret of ['test-consumer-secret-xyz', 'test-security-credential-abc'])
      expect(text).not.toContain(secret);
    for (const { resultUrl } of h.urls) {
      const token = resultUrl.split('/').at(-1)!;
      expect(text).not.toContain(token);
    }
    const rows = await h.t.database.db.select().from(payoutAttempts);
    for (const r of rows) expect(r.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
