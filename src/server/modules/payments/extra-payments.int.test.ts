import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, payments } from '../../db/schema/index';
import { loginAs } from '../../../../test/factories';
import { at, sessionsWorld, type SessionsWorld } from '../sessions/sessions.test-support';

/**
 * Extra payments (decisions.md section 11): staff add a show-up fee, a transport refund, a
 * bonus or another payment to a scheduled, completed or excused application; pending, KES,
 * on the same ledger (earnings), audited; one show-up fee and one transport refund each.
 */
let w: SessionsWorld;
beforeAll(async () => {
  w = await sessionsWorld();
});
afterAll(async () => {
  await w.t.close();
});

const pay = (applicationId: string, payload: unknown, cookie = w.admin.cookie) =>
  w.t.app.inject({
    method: 'POST',
    url: `/api/applications/${applicationId}/payments`,
    headers: { cookie },
    payload: payload as object,
  });

const options = (applicationId: string, cookie = w.admin.cookie) =>
  w.t.app.inject({ url: `/api/applications/${applicationId}/payments`, headers: { cookie } });

const earnings = async (participantId: string) =>
  (
    await w.t.app.inject({
      url: `/api/participants/${participantId}/earnings`,
      headers: { cookie: w.admin.cookie },
    })
  ).json().earnings as { totalEarned: string; pendingPayments: string };

const paymentCount = async () =>
  (await w.db.select({ n: sql<number>`count(*)::int` }).from(payments))[0]!.n;

/** A selected applicant booked in a session that has started (clock one hour past it). */
async function bookedAndStarted() {
  w.setClock(at(0));
  const study = await w.study();
  const session = await w.session(study.id);
  const who = await w.selected(study.id);
  const booked = await w.book(w.admin.cookie, who.applicationId, session.id);
  expect(booked.statusCode, booked.body).toBe(200);
  w.setClock(at(49));
  return { ...who, studyId: study.id };
}

async function excused() {
  const who = await bookedAndStarted();
  const marked = await w.attend(who.applicationId, 'excused');
  expect(marked.statusCode, marked.body).toBe(200);
  expect(marked.json().application.status).toBe('selected');
  return who;
}

async function attended() {
  const who = await bookedAndStarted();
  const marked = await w.attend(who.applicationId, 'attended');
  expect(marked.statusCode, marked.body).toBe(200);
  return who;
}

describe('adding an extra payment', () => {
  it('pays a show-up fee to an applicant turned away at the door (excused): 201, pending, KES, on the ledger, audited', async () => {
    const who = await excused();
    const res = await pay(who.applicationId, {
      amount: '500',
      reason: 'show_up',
      note: 'Overfull',
    });
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json().payment;
    expect(payment).toMatchObject({
      applicationId: who.applicationId,
      participantId: who.id,
      testId: who.studyId,
      amount: '500.00',
      currency: 'KES',
      status: 'pending',
      reason: 'show_up',
      note: 'Overfull',
    });
    expect(await earnings(who.id)).toMatchObject({
      totalEarned: '500.00',
      pendingPayments: '500.00',
    });
    const [audit] = await w.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'payment.extra'), eq(auditLogs.resourceId, payment.id)));
    expect(audit?.userId).toBe(w.admin.id);
    expect(audit?.details).toMatchObject({
      amount: '500.00',
      reason: 'show_up',
      applicationId: who.applicationId,
    });
  });

  it('pays a show-up fee once attended, and the transport refund and bonus on a scheduled booking', async () => {
    const who = await attended();
    expect((await pay(who.applicationId, { amount: '300', reason: 'show_up' })).statusCode).toBe(
      201,
    );
    expect(
      (await pay(who.applicationId, { amount: '250.50', reason: 'transport' })).statusCode,
    ).toBe(201);
    expect((await pay(who.applicationId, { amount: 100, reason: 'bonus' })).statusCode).toBe(201);
    expect(await earnings(who.id)).toMatchObject({ pendingPayments: '650.50' });
  });

  it('refuses a show-up fee before attendance is attended or excused (409), and adds nothing', async () => {
    const who = await bookedAndStarted();
    const before = await paymentCount();
    const res = await pay(who.applicationId, { amount: '500', reason: 'show_up' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'A show-up fee needs the applicant marked attended or excused first',
    );
    expect(await paymentCount()).toBe(before);
    // A transport refund needs no attendance: the applicant is scheduled.
    expect((await pay(who.applicationId, { amount: '200', reason: 'transport' })).statusCode).toBe(
      201,
    );
  });

  it('allows one show-up fee and one transport refund per application, bonuses as many as needed', async () => {
    const who = await attended();
    expect((await pay(who.applicationId, { amount: '500', reason: 'show_up' })).statusCode).toBe(
      201,
    );
    expect((await pay(who.applicationId, { amount: '200', reason: 'transport' })).statusCode).toBe(
      201,
    );
    const again = await pay(who.applicationId, { amount: '500', reason: 'show_up' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'This applicant already has a show-up fee: there is one per application',
    );
    const transport = await pay(who.applicationId, { amount: '100', reason: 'transport' });
    expect(transport.statusCode).toBe(409);
    expect(transport.json().message).toMatch(/already has a transport refund/);
    for (const amount of ['50', '75'])
      expect((await pay(who.applicationId, { amount, reason: 'bonus' })).statusCode).toBe(201);
    expect(await earnings(who.id)).toMatchObject({ pendingPayments: '825.00' });
  });

  it('pays a completed application (bonus; show-up once it was attended) beside its completion payment', async () => {
    const who = await attended();
    const done = await w.move(who.applicationId, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await pay(who.applicationId, { amount: '1000', reason: 'bonus' })).statusCode).toBe(
      201,
    );
    expect((await pay(who.applicationId, { amount: '500', reason: 'show_up' })).statusCode).toBe(
      201,
    );
    const listed = (await options(who.applicationId)).json().payments as { reason: string }[];
    expect(listed.map((p) => p.reason)).toEqual(['completion', 'bonus', 'show_up']);
  });

  it('refuses a show-up fee on a completed study without attendance (no sessions), but pays its bonus', async () => {
    const study = await w.study();
    const who = await w.selected(study.id);
    for (const status of ['scheduled', 'completed'])
      expect((await w.move(who.applicationId, { status })).statusCode).toBe(200);
    expect((await pay(who.applicationId, { amount: '500', reason: 'show_up' })).statusCode).toBe(
      409,
    );
    expect((await pay(who.applicationId, { amount: '500', reason: 'bonus' })).statusCode).toBe(201);
  });

  it('refuses applications that are not scheduled, completed or excused (409 naming the status)', async () => {
    const study = await w.study();
    const selected = await w.selected(study.id);
    const res = await pay(selected.applicationId, { amount: '100', reason: 'bonus' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Extra payments are for scheduled, completed or excused applicants; this application is selected',
    );
    const noShow = await bookedAndStarted();
    expect((await w.attend(noShow.applicationId, 'no_show')).statusCode).toBe(200);
    const missed = await pay(noShow.applicationId, { amount: '100', reason: 'transport' });
    expect(missed.statusCode).toBe(409);
    expect(missed.json().message).toMatch(/this application is no-show$/);
  });

  it('keeps money exact: 0.10 + 0.20 is 0.30 on the ledger', async () => {
    const who = await attended();
    await pay(who.applicationId, { amount: '0.10', reason: 'bonus' });
    await pay(who.applicationId, { amount: '0.20', reason: 'bonus' });
    expect(await earnings(who.id)).toMatchObject({ pendingPayments: '0.30' });
  });
});

describe('what an extra payment refuses (400 with the field, nothing added)', () => {
  const cases: [string, unknown, string, string][] = [
    ['a zero amount', { amount: '0', reason: 'bonus' }, 'amount', 'Amount must be more than 0'],
    ['a negative amount', { amount: -5, reason: 'bonus' }, 'amount', 'Amount must be more than 0'],
    [
      'three decimals',
      { amount: '12.345', reason: 'bonus' },
      'amount',
      'Use at most 2 decimals, e.g. 250.50',
    ],
    [
      'words',
      { amount: 'five hundred', reason: 'bonus' },
      'amount',
      'Amount must be a number in Ksh, e.g. 500 or 250.50',
    ],
    ['no amount', { reason: 'bonus' }, 'amount', 'Enter the amount'],
    [
      'an amount as an object',
      { amount: { $gt: 0 }, reason: 'bonus' },
      'amount',
      'Enter the amount',
    ],
    [
      'one cent over the payout limit',
      { amount: '150000.01', reason: 'bonus' },
      'amount',
      'Amount must be at most Ksh\u00a0150,000, the payout limit per transaction',
    ],
    [
      'a number far past the limit',
      { amount: '9'.repeat(400), reason: 'bonus' },
      'amount',
      'Amount must be at most Ksh\u00a0150,000, the payout limit per transaction',
    ],
    [
      'the completion reason',
      { amount: '100', reason: 'completion' },
      'reason',
      'Choose a reason: show-up fee, transport refund, bonus or other',
    ],
    [
      '"other" without a note',
      { amount: '100', reason: 'other', note: '  ' },
      'note',
      'Say what this payment is for (a note is needed for "Other")',
    ],
    [
      'a NUL in the note',
      { amount: '100', reason: 'bonus', note: 'taxi\u0000' },
      'note',
      'Note contains characters that are not allowed',
    ],
    [
      'a note over 500 characters',
      { amount: '100', reason: 'bonus', note: 'x'.repeat(501) },
      'note',
      'Note must be at most 500 characters',
    ],
  ];
  it.each(cases)('refuses %s', async (_name, payload, field, message) => {
    const who = await attended();
    const before = await paymentCount();
    const res = await pay(who.applicationId, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors?.[field]).toBe(message);
    expect(await paymentCount()).toBe(before);
  });

  it('takes exactly the payout limit, and "other" with its note', async () => {
    const who = await attended();
    const top = await pay(who.applicationId, { amount: '150000.00', reason: 'bonus' });
    expect(top.statusCode, top.body).toBe(201);
    expect(top.json().payment.amount).toBe('150000.00');
    const other = await pay(who.applicationId, {
      amount: 250.5,
      reason: 'other',
      note: 'Airtime for the remote call',
    });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().payment).toMatchObject({
      amount: '250.50',
      note: 'Airtime for the remote call',
    });
  });

  it('refuses a body that is not an object, unknown ids (404) and bad ids (400)', async () => {
    const who = await attended();
    expect(
      (
        await w.t.app.inject({
          method: 'POST',
          url: `/api/applications/${who.applicationId}/payments`,
          headers: { cookie: w.admin.cookie, 'content-type': 'application/json' },
          payload: '[1,2]',
        })
      ).statusCode,
    ).toBe(400);
    const unknown = await pay('00000000-0000-4000-8000-000000000000', {
      amount: '100',
      reason: 'bonus',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await pay('not-an-id', { amount: '100', reason: 'bonus' })).statusCode).toBe(400);
  });
});

describe('who may add extra payments (decisions.md section 4: admins)', () => {
  it('refuses participants (403, even their own application) and visitors (401)', async () => {
    const who = await attended();
    const before = await paymentCount();
    expect(
      (await pay(who.applicationId, { amount: '100', reason: 'bonus' }, who.cookie)).statusCode,
    ).toBe(403);
    const other = await loginAs(w.t.app, w.db, 'participant');
    expect((await options(who.applicationId, other.cookie)).statusCode).toBe(403);
    const visitor = await w.t.app.inject({
      method: 'POST',
      url: `/api/applications/${who.applicationId}/payments`,
      payload: { amount: '100', reason: 'bonus' },
    });
    expect(visitor.statusCode).toBe(401);
    expect(await paymentCount()).toBe(before);
  });
});

describe('races (the application row is locked)', () => {
  it('two show-up fees at once: one 201, one 409, one payment', async () => {
    const who = await excused();
    const answers = await Promise.all([
      pay(who.applicationId, { amount: '500', reason: 'show_up' }),
      pay(who.applicationId, { amount: '500', reason: 'show_up' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await w.db
      .select()
      .from(payments)
      .where(eq(payments.applicationId, who.applicationId));
    expect(rows).toHaveLength(1);
    expect(await earnings(who.id)).toMatchObject({ pendingPayments: '500.00' });
  });

  it('five transport refunds at once: exactly one is added', async () => {
    const who = await attended();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        pay(who.applicationId, { amount: '200', reason: 'transport' }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(4);
    expect(await earnings(who.id)).toMatchObject({ pendingPayments: '200.00' });
  });
});

describe('the options the console shows (GET /api/applications/{id}/payments)', () => {
  it('says which reasons can be added and why the others cannot, with the payout limit', async () => {
    const who = await bookedAndStarted();
    const before = (await options(who.applicationId)).json();
    expect(before.maxAmount).toBe(150000);
    expect(before.reasons).toEqual([
      {
        reason: 'show_up',
        allowed: false,
        why: 'A show-up fee needs the applicant marked attended or excused first',
      },
      { reason: 'transport', allowed: true, why: null },
      { reason: 'bonus', allowed: true, why: null },
      { reason: 'other', allowed: true, why: null },
    ]);
    await w.attend(who.applicationId, 'excused');
    await pay(who.applicationId, { amount: '200', reason: 'transport' });
    const after = (await options(who.applicationId)).json();
    expect(after.reasons.map((r: { allowed: boolean }) => r.allowed)).toEqual([
      true,
      false,
      true,
      true,
    ]);
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({ reason: 'transport', amount: '200.00' });
  });
});

describe('the payout limit comes from the configuration', () => {
  it('MPESA_MAX_AMOUNT=1000 refuses 1000.01 naming Ksh 1,000', async () => {
    const small = await sessionsWorld({ env: { MPESA_MAX_AMOUNT: '1000' } });
    try {
      const study = await small.study();
      const who = await small.selected(study.id);
      for (const status of ['scheduled', 'completed'])
        expect((await small.move(who.applicationId, { status })).statusCode).toBe(200);
      const res = await small.t.app.inject({
        method: 'POST',
        url: `/api/applications/${who.applicationId}/payments`,
        headers: { cookie: small.admin.cookie },
        payload: { amount: '1000.01', reason: 'bonus' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.amount).toBe(
        'Amount must be at most Ksh\u00a01,000, the payout limit per transaction',
      );
    } finally {
      await small.t.close();
    }
  });
});
