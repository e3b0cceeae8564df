import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';
import { centsToDecimal, sumCents, toCents } from '../../../shared/rules/money';
import { isOwed } from '../../../shared/rules/payments';
import type { PaymentReason } from '../../../shared/schemas/options';
import type { StatementPayment } from '../../../shared/schemas/statement';
import { applicationSteps } from '../applications/applications.test-support';

/**
 * The statement (decisions.md section 11): GET /api/me/payments lists the participant's own
 * payments, newest first, a keyset page at a time, and the earnings card agrees with it.
 */
let t: TestApp;
let boss: { cookie: string; id: string };
beforeAll(async () => {
  t = await buildTestApp();
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const { move, pay } = applicationSteps(
  () => t,
  () => boss,
);

type Who = { cookie: string; id: string };

/** A participant who completed `count` studies (one pending completion payment each). */
async function participantWithPayments(count: number, payRate = '1000.00') {
  const who = await loginAs(t.app, t.database.db, 'participant');
  const made: { paymentId: string; applicationId: string; title: string; testId: string }[] = [];
  for (let i = 0; i < count; i++) {
    const study = await createStudy(t.database.db, { payRate, duration: 2, maxParticipants: 5 });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: who.cookie },
      payload: { participantId: who.id, testId: study.id },
    });
    expect(applied.statusCode).toBe(201);
    const applicationId = applied.json().application.id as string;
    expect((await move(applicationId, { status: 'scheduled' })).statusCode).toBe(200);
    expect((await move(applicationId, { status: 'completed' })).statusCode).toBe(200);
    const [payment] = await t.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.applicationId, applicationId));
    made.push({ paymentId: payment!.id, applicationId, title: study.title, testId: study.id });
  }
  return { ...who, made };
}

/**
 * An extra payment (decisions.md section 11) added by staff through the API. A show-up fee
 * needs a session marked attended, which these sessionless studies have not: it is written
 * to the ledger as the route writes it (pending, KES, on the application), and every test
 * here moves a payment through the API afterwards, which recomputes the earnings.
 */
async function extraPayment(
  who: { id: string },
  on: { applicationId: string; testId: string },
  amount: string,
  reason: Exclude<PaymentReason, 'completion'>,
) {
  if (reason === 'show_up') {
    const [row] = await t.database.db
      .insert(payments)
      .values({
        participantId: who.id,
        testId: on.testId,
        applicationId: on.applicationId,
        amount,
        reason,
        currency: 'KES',
        status: 'pending',
      })
      .returning({ id: payments.id });
    return row!.id;
  }
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/applications/${on.applicationId}/payments`,
    headers: { cookie: boss.cookie },
    payload: { amount, reason, ...(reason === 'other' ? { note: 'Airtime for the call' } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payment.id as string;
}

const statement = (who: { cookie: string } | null, query = '') =>
  t.app.inject({ url: `/api/me/payments${query}`, headers: who ? { cookie: who.cookie } : {} });

/** Every row of the statement, page by page with `limit`. */
async function wholeStatement(who: Who, limit: number) {
  const rows: StatementPayment[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await statement(
      who,
      `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { payments: StatementPayment[]; nextCursor: string | null };
    rows.push(...body.payments);
    cursor = body.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { rows, pages };
}

const sum = (rows: StatementPayment[]) =>
  centsToDecimal(sumCents(rows.map((r) => toCents(r.amount))));

describe('GET /api/me/payments: the participant’s own payments', () => {
  it('lists each payment with its study, amount, status, dates, receipt and reason, newest first, not cached', async () => {
    const me = await participantWithPayments(2, '1250.50');
    const [older, newer] = me.made;
    const bonus = await extraPayment(me, newer!, '300.00', 'bonus');
    expect((await pay(older!.paymentId, { status: 'processing' })).statusCode).toBe(200);
    expect(
      (
        await pay(older!.paymentId, {
          status: 'completed',
          transactionId: 'qgh7xk2l9p',
          paymentMethod: 'M-Pesa',
        })
      ).statusCode,
    ).toBe(200);

    const res = await statement(me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const body = res.json();
    expect(body.nextCursor).toBeNull();
    expect(body.total).toBe(3);
    expect(body.payments.map((p: StatementPayment) => p.id)).toEqual([
      bonus,
      newer!.paymentId,
      older!.paymentId,
    ]);
    const [b, n, o] = body.payments as StatementPayment[];
    expect(b).toMatchObject({
      testId: newer!.testId,
      testTitle: newer!.title,
      amount: '300.00',
      currency: 'KES',
      status: 'pending',
      transactionId: null,
      paidAt: null,
      reason: 'bonus',
    });
    expect(n).toMatchObject({ amount: '2501.00', status: 'pending', reason: 'completion' });
    expect(o).toMatchObject({
      testTitle: older!.title,
      status: 'completed',
      transactionId: 'QGH7XK2L9P',
      reason: 'completion',
    });
    expect(Date.parse(o!.paidAt!)).not.toBeNaN();
    expect(Date.parse(o!.createdAt)).toBeLessThanOrEqual(Date.parse(o!.paidAt!));
    expect(Object.keys(o!).sort()).toEqual(
      [
        'amount',
        'createdAt',
        'currency',
        'id',
        'paidAt',
        'reason',
        'status',
        'testId',
        'testTitle',
        'transactionId',
      ].sort(),
    );
  });

  it('says paidAt only while completed: a refunded payment keeps its receipt but no paid date', async () => {
    const me = await participantWithPayments(1);
    const id = me.made[0]!.paymentId;
    await pay(id, { status: 'processing' });
    await pay(id, { status: 'completed', transactionId: 'RFD1234567', paymentMethod: 'M-Pesa' });
    expect((await pay(id, { status: 'refunded' })).statusCode).toBe(200);
    const [row] = (await statement(me)).json().payments as StatementPayment[];
    expect(row).toMatchObject({ status: 'refunded', transactionId: 'RFD1234567', paidAt: null });
  });

  it('answers an empty statement for a participant without payments', async () => {
    const me = await loginAs(t.app, t.database.db, 'participant');
    const res = await statement(me);
    expect(res.json()).toEqual({ payments: [], nextCursor: null, total: 0 });
  });

  it('pages with limit and cursor: every payment once, in order, whatever the page size', async () => {
    const me = await participantWithPayments(5);
    await extraPayment(me, me.made[0]!, '150.00', 'transport');
    await extraPayment(me, me.made[2]!, '200.00', 'show_up');
    const all = (await statement(me, '?limit=200')).json().payments as StatementPayment[];
    expect(all).toHaveLength(7);
    const created = all.map((p) => Date.parse(p.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    for (const limit of [1, 2, 3, 7]) {
      const { rows, pages } = await wholeStatement(me, limit);
      expect(rows.map((r) => r.id)).toEqual(all.map((r) => r.id));
      expect(pages).toBe(Math.max(1, Math.ceil(7 / limit)));
    }
    const first = (await statement(me, '?limit=3')).json();
    expect(first.total).toBe(7);
    expect(first.payments).toHaveLength(3);
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  it('never shows another participant’s payments, not even through their cursor', async () => {
    const anna = await participantWithPayments(3);
    const ben = await participantWithPayments(2);
    const annaIds = anna.made.map((m) => m.paymentId);
    const benIds = ben.made.map((m) => m.paymentId);

    const annas = (await wholeStatement(anna, 1)).rows.map((r) => r.id);
    const bens = (await wholeStatement(ben, 1)).rows.map((r) => r.id);
    expect(annas.sort()).toEqual([...annaIds].sort());
    expect(bens.sort()).toEqual([...benIds].sort());

    // Anna's cursor, used by Ben, pages Ben's own statement only.
    const annaCursor = (await statement(anna, '?limit=1')).json().nextCursor as string;
    const withIt = await statement(ben, `?limit=200&cursor=${encodeURIComponent(annaCursor)}`);
    expect(withIt.statusCode).toBe(200);
    for (const row of withIt.json().payments as StatementPayment[])
      expect(benIds).toContain(row.id);

    // The query string cannot name anyone else.
    const named = await statement(ben, `?participantId=${anna.id}&id=${anna.id}`);
    expect((named.json().payments as StatementPayment[]).every((r) => benIds.includes(r.id))).toBe(
      true,
    );
  });

  it('refuses admins (403) and visitors (401)', async () => {
    for (const role of ['admin', 'super_admin'] as const) {
      const admin = await loginAs(t.app, t.database.db, role);
      expect((await statement(admin)).statusCode).toBe(403);
    }
    expect((await statement(null)).statusCode).toBe(401);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['cursor=not-a-cursor', 'cursor'],
    [`cursor=${Buffer.from('2026-01-01T00:00:00.000000Z|\u0000').toString('base64url')}`, 'cursor'],
    ['cursor=%00', 'cursor'],
    [`cursor=${'A'.repeat(300)}`, 'cursor'],
  ])('answers ?%s with 400 on %s, never 500', async (query, field) => {
    const me = await loginAs(t.app, t.database.db, 'participant');
    const res = await statement(me, `?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
  });
});

describe('the earnings card agrees with the statement (decisions.md section 5)', () => {
  it('totals earned, paid and pending, and the last payment date, are sums over the statement rows', async () => {
    const me = await participantWithPayments(5, '1333.33');
    const [pending, processing, completed, failed, refunded] = me.made.map((m) => m.paymentId);
    // Extra payments in several states too: a show-up fee paid, a transport refund owed,
    // a bonus that failed and an "other" payment refunded.
    const showUp = await extraPayment(me, me.made[0]!, '500.00', 'show_up');
    const transport = await extraPayment(me, me.made[1]!, '250.50', 'transport');
    const bonus = await extraPayment(me, me.made[2]!, '1000.00', 'bonus');
    const other = await extraPayment(me, me.made[3]!, '99.99', 'other');

    const moves: [string, object[]][] = [
      [processing!, [{ status: 'processing' }]],
      [
        completed!,
        [
          { status: 'processing' },
          { status: 'completed', transactionId: 'QAB1234567', paymentMethod: 'M-Pesa' },
        ],
      ],
      [failed!, [{ status: 'processing' }, { status: 'failed', failureReason: 'Not on M-Pesa' }]],
      [
        refunded!,
        [
          { status: 'processing' },
          { status: 'completed', transactionId: 'QRF7654321', paymentMethod: 'M-Pesa' },
          { status: 'refunded' },
        ],
      ],
      [
        showUp,
        [
          { status: 'processing' },
          { status: 'completed', transactionId: 'QSU1112223', paymentMethod: 'M-Pesa' },
        ],
      ],
      [bonus, [{ status: 'failed' }]],
      [
        other,
        [
          { status: 'processing' },
          { status: 'completed', transactionId: 'QOT9998887', paymentMethod: 'M-Pesa' },
          { status: 'refunded' },
        ],
      ],
      // A failure retried: back to pending, owed again.
      [transport, [{ status: 'failed' }, { status: 'pending' }]],
    ];
    for (const [id, steps] of moves)
      for (const step of steps) expect((await pay(id, step)).statusCode).toBe(200);
    expect(pending).toBeDefined();

    const { rows } = await wholeStatement(me, 2);
    expect(rows).toHaveLength(9);
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['pending', 'processing', 'completed', 'failed', 'refunded']),
    );

    const res = await t.app.inject({ url: '/api/me/earnings', headers: { cookie: me.cookie } });
    const card = res.json();
    expect(card.earnings.totalEarned).toBe(sum(rows.filter((r) => r.status !== 'refunded')));
    expect(card.earnings.totalPaid).toBe(sum(rows.filter((r) => r.status === 'completed')));
    expect(card.earnings.pendingPayments).toBe(sum(rows.filter((r) => isOwed(r.status))));
    const lastPaid = rows
      .map((r) => r.paidAt)
      .filter((d): d is string => d !== null)
      .sort()
      .at(-1);
    expect(card.earnings.lastPaymentAt).toBe(lastPaid);
    expect(card.earnings.completedTests).toBe(5);
    // Earned is what is paid plus what is still owed.
    expect(toCents(card.earnings.totalEarned)).toBe(
      toCents(card.earnings.totalPaid) + toCents(card.earnings.pendingPayments),
    );
    // The figures themselves, by hand: 5 x 2666.66 and the extras 500 + 250.50 + 1000 + 99.99
    // make 15183.79, less the refunded 2666.66 and 99.99; paid: 2666.66 + 500; owed: three
    // completions (pending, processing, failed) + the failed bonus + the retried transport.
    expect(card.earnings).toMatchObject({
      totalEarned: '12417.14',
      totalPaid: '3166.66',
      pendingPayments: '9250.48',
    });
    // The card's own list is the statement's rows.
    expect((card.payments as { id: string }[]).map((p) => p.id).sort()).toEqual(
      rows.map((r) => r.id).sort(),
    );
  });
});
