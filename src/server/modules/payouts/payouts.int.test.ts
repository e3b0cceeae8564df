import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, createStudy, loginAs, signIn } from '../../../../test/factories';
import { owedPayment } from '../../../../test/support/payouts';
import { loginAsSteppedUp } from '../../../../test/support/two-factor';

/**
 * Releasing payments with PAYOUT_PROVIDER=manual (the default; decisions.md section 11):
 * the release moves them to processing in one transaction and gives staff the M-Pesa bulk
 * file; staff record each reference by hand as before.
 */
let t: TestApp;
let boss: { cookie: string; id: string };

beforeAll(async () => {
  t = await buildTestApp();
  // Releasing needs a second-factor code entered in the last 5 minutes (section 11).
  boss = await loginAsSteppedUp(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const release = (payload: unknown, cookie = boss.cookie) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payouts',
    headers: { cookie },
    payload: payload as object,
  });
const get = (url: string, cookie = boss.cookie) => t.app.inject({ url, headers: { cookie } });
/** The bulk file's rows as objects (its cells hold no commas or quotes here). */
function parse(body: string): Record<string, string>[] {
  const [header = '', ...lines] = body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const names = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i], v])));
}
const paymentOf = async (id: string) =>
  (await get(`/api/payments?limit=200`)).json().payments.find((p: { id: string }) => p.id === id);

describe('POST /api/payouts (manual provider)', () => {
  it('releases the chosen pending payments: 202 with count and exact total; each is processing, in the payout, paid to the payout number', async () => {
    const a = await owedPayment(t.app, t.database.db, { amount: '1500.50' });
    const b = await owedPayment(t.app, t.database.db, { amount: '2000.25' });
    const res = await release({ paymentIds: [a.paymentId, b.paymentId, a.paymentId] });
    expect(res.statusCode, res.body).toBe(202);
    const { payout } = res.json();
    expect(payout).toMatchObject({ count: 2, amount: '3500.75' });
    for (const p of [a, b]) {
      const payment = await paymentOf(p.paymentId);
      expect(payment).toMatchObject({
        status: 'processing',
        payoutId: payout.id,
        paidTo: p.phone,
        attempts: 0,
        payoutState: null,
      });
      expect(payment.releasedAt).not.toBeNull();
    }
    const progress = (await get(`/api/payouts/${payout.id}`)).json().payout;
    expect(progress).toMatchObject({ provider: 'manual', count: 2, amount: '3500.75' });
    expect(progress.progress).toMatchObject({ processing: 2, completed: 0, failed: 0 });
    expect(progress.createdByName).toBeTruthy();
  });

  it('a payment that is not pending makes the whole release 409 and changes nothing', async () => {
    const a = await owedPayment(t.app, t.database.db);
    const b = await owedPayment(t.app, t.database.db);
    expect((await release({ paymentIds: [a.paymentId] })).statusCode).toBe(202);
    const again = await release({ paymentIds: [b.paymentId, a.paymentId] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      /1 of the 2 payments is not pending \(processing\): nothing was released/,
    );
    expect((await paymentOf(b.paymentId)).status).toBe('pending');
  });

  it('releases every pending payment of a study with { testId }, and says so when there are none', async () => {
    const study = await createStudy(t.database.db);
    const a = await owedPayment(t.app, t.database.db, { studyId: study.id, amount: '100.00' });
    const b = await owedPayment(t.app, t.database.db, { studyId: study.id, amount: '200.00' });
    await owedPayment(t.app, t.database.db, { amount: '999.00' }); // another study: left alone
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/payouts/preview',
      headers: { cookie: boss.cookie },
      payload: { testId: study.id },
    });
    expect(preview.json()).toEqual({ count: 2, amount: '300.00', problems: [] });
    const res = await release({ testId: study.id });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().payout).toMatchObject({ count: 2, amount: '300.00' });
    expect((await paymentOf(a.paymentId)).status).toBe('processing');
    expect((await paymentOf(b.paymentId)).status).toBe('processing');
    const none = await release({ testId: study.id });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('This study has no pending payments to release.');
    expect((await release({ testId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    );
  });

  it('two concurrent releases of the same payment: one 202, one 409, one payout', async () => {
    const a = await owedPayment(t.app, t.database.db);
    const answers = await Promise.all([
      release({ paymentIds: [a.paymentId] }),
      release({ paymentIds: [a.paymentId] }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    const payouts = (await get('/api/payouts')).json().payouts as { count: number; id: string }[];
    const payment = await paymentOf(a.paymentId);
    expect(payouts.filter((p) => p.id === payment.payoutId)).toHaveLength(1);
  });

  it('refuses bad bodies with field messages: both keys, neither, empty lists, bad ids, too many, extra keys', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const body of [
      {},
      { paymentIds: [] },
      { paymentIds: ['nope'] },
      { paymentIds: [id], testId: id },
      { paymentIds: Array.from({ length: 1001 }, () => id) },
      { paymentIds: `${id}\u0000` },
      { testId: 42 },
      [],
    ]) {
      const res = await release(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const missing = await release({ paymentIds: [id] });
    expect(missing.statusCode).toBe(404);
  });

  it('only admins: anonymous 401, participants 403, for release, preview, list, progress and the bulk file', async () => {
    const a = await owedPayment(t.app, t.database.db);
    const participant = await loginAs(t.app, t.database.db, 'participant');
    const body = { paymentIds: [a.paymentId] };
    for (const [cookie, status] of [
      ['', 401],
      [participant.cookie, 403],
    ] as const) {
      expect((await release(body, cookie)).statusCode).toBe(status);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/payouts/preview',
            headers: { cookie },
            payload: body,
          })
        ).statusCode,
      ).toBe(status);
      expect((await get('/api/payouts', cookie)).statusCode).toBe(status);
      expect((await get('/api/payouts/config', cookie)).statusCode).toBe(status);
      expect((await get(`/api/payouts/${a.paymentId}`, cookie)).statusCode).toBe(status);
      expect((await get(`/api/payouts/${a.paymentId}/bulk.csv`, cookie)).statusCode).toBe(status);
    }
    expect((await paymentOf(a.paymentId)).status).toBe('pending');
  });

  it("a deleted participant's payment cannot be released (no number to pay): 409 naming it", async () => {
    const a = await owedPayment(t.app, t.database.db);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/participants/${a.participantId}`,
          headers: { cookie: boss.cookie },
        })
      ).statusCode,
    ).toBe(200);
    const res = await release({ paymentIds: [a.paymentId] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[a.paymentId]).toMatch(/No payout number/);
  });

  it('the bulk file lists number as 2547…, amount and a reference for each payment still processing, formula-safe', async () => {
    const study = await createStudy(t.database.db, { title: '=SUM(A1) study' });
    const a = await owedPayment(t.app, t.database.db, { studyId: study.id, amount: '1500.00' });
    const b = await owedPayment(t.app, t.database.db, { studyId: study.id, amount: '250.00' });
    const { payout } = (await release({ testId: study.id })).json();
    const res = await get(`/api/payouts/${payout.id}/bulk.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const rows = parse(res.body);
    expect(rows.map((r) => r.Phone).sort()).toEqual(
      [a.phone, b.phone].map((p) => p.slice(1)).sort(),
    );
    expect(rows.map((r) => r.Amount).sort()).toEqual(['1500.00', '250.00']);
    for (const r of rows) {
      expect(r.Phone).toMatch(/^2547\d{8}$/);
      expect(r.Reference!.startsWith("'=")).toBe(true);
    }
    // Staff record the M-Pesa code by hand, as before; the completed one leaves the file.
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/payments/${a.paymentId}/status`,
      headers: { cookie: boss.cookie },
      payload: { status: 'completed', paymentMethod: 'M-Pesa', transactionId: 'QGH7XK2L9P' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const after = parse((await get(`/api/payouts/${payout.id}/bulk.csv`)).body);
    expect(after.map((r) => r.Phone)).toEqual([b.phone.slice(1)]);
    const progress = (await get(`/api/payouts/${payout.id}`)).json().payout.progress;
    expect(progress).toMatchObject({ processing: 1, completed: 1, completedAmount: '1500.00' });
  });

  it('an admin who has not set up two-step sign-in is told to (403 enrolRequired) and nothing is released', async () => {
    const a = await owedPayment(t.app, t.database.db);
    const plain = await loginAs(t.app, t.database.db, 'admin');
    const res = await release({ paymentIds: [a.paymentId] }, plain.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().enrolRequired).toBe(true);
    expect((await paymentOf(a.paymentId)).status).toBe('pending');
  });

  it('a study at the top of its ranges (999,999.99 KES an hour, 1,000 hours) completes with its exact payment, which can be released', async () => {
    const study = await createStudy(t.database.db, { payRate: '999999.99', duration: 1000 });
    const { input, participant } = await createParticipant(t.app);
    const { cookie } = await signIn(t.app, input.email);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie },
      payload: { participantId: participant.id, testId: study.id },
    });
    const id = applied.json().application.id as string;
    for (const status of ['scheduled', 'completed']) {
      const moved = await t.app.inject({
        method: 'PUT',
        url: `/api/applications/${id}/status`,
        headers: { cookie: boss.cookie },
        // Past 99.99 hours the hours worked are entered (decisions.md section 3's range).
        payload: status === 'completed' ? { status, hoursWorked: 99.5 } : { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const [payment] = (await get(`/api/payments?testId=${study.id}`)).json().payments;
    expect(payment.amount).toBe('999999990.00');
    const earnings = (await t.app.inject({ url: '/api/me/earnings', headers: { cookie } })).json();
    expect(JSON.stringify(earnings)).toContain('999999990');
    const res = await release({ testId: study.id });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().payout.amount).toBe('999999990.00');
  });

  it('answers the provider and the per-transaction limits for the console', async () => {
    expect((await get('/api/payouts/config')).json()).toEqual({
      provider: 'manual',
      minAmount: 10,
      maxAmount: 150000,
    });
  });
});
