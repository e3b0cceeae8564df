import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, createStudy, loginAs, signIn } from '../../../../test/factories';

let t: TestApp;
let boss: { cookie: string };
let study: { id: string };
const people: { id: string; cookie: string; firstName: string }[] = [];
const paymentIds: string[] = []; // oldest first

beforeAll(async () => {
  t = await buildTestApp();
  boss = await loginAs(t.app, t.database.db, 'admin');
  study = await createStudy(t.database.db, { payRate: '1000.00', duration: 2 });
  for (const firstName of ['Achieng', 'Kiprono', 'Njeri']) {
    const { input, participant } = await createParticipant(t.app, { firstName });
    const { cookie } = await signIn(t.app, input.email);
    people.push({ id: participant.id, cookie, firstName });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie },
      payload: { participantId: participant.id, testId: study.id },
    });
    const id = applied.json().application.id as string;
    for (const status of ['scheduled', 'completed'])
      expect((await move(`/api/applications/${id}/status`, { status })).statusCode).toBe(200);
  }
  const all = (await get(`/api/payments?testId=${study.id}`)).json().payments as { id: string }[];
  paymentIds.push(...all.map((p) => p.id).reverse());
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie = boss.cookie) => t.app.inject({ url, headers: { cookie } });
const move = (url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: { cookie: boss.cookie }, payload });

describe('GET /api/payments for admins', () => {
  it('keeps the unpaged answer: every payment and the totals', async () => {
    const body = (await get(`/api/payments?testId=${study.id}`)).json();
    expect(Object.keys(body).sort()).toEqual(['payments', 'totals']);
    expect(body.payments).toHaveLength(3);
    expect(body.totals).toEqual({ pending: '6000.00', paid: '0.00', refunded: '0.00' });
  });

  it('pages newest first with a cursor and the total', async () => {
    const first = (await get(`/api/payments?testId=${study.id}&limit=2`)).json();
    expect(first.total).toBe(3);
    expect(first.payments.map((p: { id: string }) => p.id)).toEqual([paymentIds[2], paymentIds[1]]);
    const second = (
      await get(`/api/payments?testId=${study.id}&limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(second.payments.map((p: { id: string }) => p.id)).toEqual([paymentIds[0]]);
    expect(second.nextCursor).toBeNull();
  });

  it('filters by status and searches the person or the reference; totals ignore the status filter', async () => {
    const [a] = paymentIds;
    expect((await move(`/api/payments/${a}/status`, { status: 'processing' })).statusCode).toBe(
      200,
    );
    const paid = await move(`/api/payments/${a}/status`, {
      status: 'completed',
      paymentMethod: 'M-Pesa',
      transactionId: ' qgh7xk2l9p ',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // Trimmed and kept in capitals, as the confirmation SMS shows it.
    expect(paid.json().payment).toMatchObject({
      status: 'completed',
      paymentMethod: 'M-Pesa',
      transactionId: 'QGH7XK2L9P',
    });

    const completed = (
      await get(`/api/payments?testId=${study.id}&status=completed&limit=10`)
    ).json();
    expect(completed.payments.map((p: { id: string }) => p.id)).toEqual([a]);
    expect(completed.total).toBe(1);
    expect(completed.totals).toEqual({ pending: '4000.00', paid: '2000.00', refunded: '0.00' });

    const byRef = (await get('/api/payments?search=qgh7xk2l9p&limit=10')).json();
    expect(byRef.payments.map((p: { id: string }) => p.id)).toEqual([a]);
    const byName = (await get(`/api/payments?search=KIPRONO&testId=${study.id}&limit=10`)).json();
    expect(byName.payments).toHaveLength(1);
    expect(byName.payments[0].participantName).toMatch(/^Kiprono /);
    expect(byName.totals).toEqual({ pending: '2000.00', paid: '0.00', refunded: '0.00' });
    expect((await get('/api/payments?search=nobody-at-all&limit=10')).json().total).toBe(0);
  });

  it('refuses an M-Pesa payment without a proper code, and bad parameters, with 400', async () => {
    const [, b] = paymentIds;
    await move(`/api/payments/${b}/status`, { status: 'processing' });
    const bad = await move(`/api/payments/${b}/status`, {
      status: 'completed',
      paymentMethod: 'M-Pesa',
      transactionId: 'abc',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.transactionId).toMatch(/M-Pesa code/);
    const bank = await move(`/api/payments/${b}/status`, {
      status: 'completed',
      paymentMethod: 'Bank transfer',
      transactionId: 'EQ-2026-000123',
    });
    expect(bank.statusCode).toBe(200);

    for (const [query, field] of [
      ['?status=paid', 'status'],
      ['?testId=nope', 'testId'],
      ['?limit=0', 'limit'],
      ['?cursor=garbage', 'cursor'],
      [`?search=${'y'.repeat(101)}`, 'search'],
    ] as const) {
      const res = await get(`/api/payments${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), query).toContain(field);
    }
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ url: '/api/payments' })).statusCode).toBe(401);
    expect((await get('/api/payments?limit=5', people[0]!.cookie)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/payments/${paymentIds[2]}/status`,
          headers: { cookie: people[0]!.cookie },
          payload: { status: 'processing' },
        })
      ).statusCode,
    ).toBe(403);
  });
});
