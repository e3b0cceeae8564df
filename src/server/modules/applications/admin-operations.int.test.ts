import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, earnings, mailOutbox, payments, studies } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';
import { computeStats } from '../stats/stats.service';

let t: TestApp;
let boss: { cookie: string; id: string };
beforeAll(async () => {
  t = await buildTestApp();
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const asAdmin = () => ({ cookie: boss.cookie });
const newStudy = (overrides: Record<string, unknown> = {}) => ({
  title: 'M-Pesa onboarding study',
  description: 'Sign up and send a first payment while thinking aloud.',
  payRate: 1500,
  duration: 2,
  maxParticipants: 5,
  startDate: '2026-12-01',
  endDate: '2026-12-20',
  company: 'Duka Pay',
  tags: ' mobile, fintech ,, usability ',
  ...overrides,
});

async function apply(studyId: string) {
  const who = await loginAs(t.app, t.database.db, 'participant');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie: who.cookie },
    payload: { participantId: who.id, testId: studyId },
  });
  expect(res.statusCode).toBe(201);
  return { ...who, applicationId: res.json().application.id as string };
}
const move = (applicationId: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/applications/${applicationId}/status`,
    headers: asAdmin(),
    payload,
  });
const pay = (paymentId: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/payments/${paymentId}/status`,
    headers: asAdmin(),
    payload,
  });

describe('studies', () => {
  it('creates a study with trimmed tags and exact money, shows it publicly once active', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tests',
      headers: asAdmin(),
      payload: newStudy({ payRate: '1234.56' }),
    });
    expect(res.statusCode).toBe(201);
    const { test } = res.json();
    expect(test).toMatchObject({
      status: 'not_started',
      payRate: '1234.56',
      tags: ['mobile', 'fintech', 'usability'],
      createdBy: boss.id,
    });
    const before = (await t.app.inject({ url: '/api/tests' }))
      .json()
      .tests.map((s: { id: string }) => s.id);
    expect(before).not.toContain(test.id);
    expect((await t.app.inject({ url: `/api/tests/${test.id}` })).statusCode).toBe(404);

    const active = await t.app.inject({
      method: 'PUT',
      url: `/api/tests/${test.id}/status`,
      headers: asAdmin(),
      payload: { status: 'active' },
    });
    expect(active.json().test.status).toBe('active');
    const after = (await t.app.inject({ url: '/api/tests' }))
      .json()
      .tests.map((s: { id: string }) => s.id);
    expect(after).toContain(test.id);
    expect((await t.app.inject({ url: `/api/tests/${test.id}` })).json().test.id).toBe(test.id);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, test.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['study.create', 'study.status']);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a negative pay rate', { payRate: -1 }, 'payRate'],
    ['a pay rate with 3 decimals', { payRate: '10.005' }, 'payRate'],
    ['a pay rate over the cap', { payRate: 1_000_000 }, 'payRate'],
    ['a duration of 0', { duration: 0 }, 'duration'],
    ['a fractional duration', { duration: 1.5 }, 'duration'],
    ['no participants needed', { maxParticipants: 0 }, 'maxParticipants'],
    ['an end before the start', { endDate: '2026-11-01' }, 'endDate'],
    ['a missing title', { title: '  ' }, 'title'],
    ['a bad date', { startDate: '2026-02-30' }, 'startDate'],
  ];
  for (const [name, change, field] of invalid) {
    it(`refuses ${name} (400 on ${field})`, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tests',
        headers: asAdmin(),
        payload: newStudy(change),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBeTruthy();
    });
  }

  it('is for admins only: participants get 403, visitors 401', async () => {
    const p = await loginAs(t.app, t.database.db, 'participant');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/tests',
          headers: { cookie: p.cookie },
          payload: newStudy(),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/tests', payload: newStudy() })).statusCode,
    ).toBe(401);
    const study = await createStudy(t.database.db);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/tests/${study.id}`,
          headers: { cookie: p.cookie },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('deletes a study without payments, and refuses one with payments (409: cancel it instead)', async () => {
    const free = await createStudy(t.database.db);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/tests/${free.id}`, headers: asAdmin() }))
        .statusCode,
    ).toBe(200);
    const paid = await createStudy(t.database.db);
    const a = await apply(paid.id);
    await move(a.applicationId, { status: 'scheduled' });
    await move(a.applicationId, { status: 'completed' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/tests/${paid.id}`,
      headers: asAdmin(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/cancel it instead/);
  });
});

describe('application state machine', () => {
  it('refuses moves the state machine does not allow (409) and keeps final states final', async () => {
    const study = await createStudy(t.database.db);
    const a = await apply(study.id);
    expect((await move(a.applicationId, { status: 'completed' })).statusCode).toBe(409);
    expect((await move(a.applicationId, { status: 'declined' })).statusCode).toBe(200);
    const res = await move(a.applicationId, { status: 'scheduled' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An application cannot move from declined to scheduled');
  });

  it('is for admins only', async () => {
    const study = await createStudy(t.database.db);
    const a = await apply(study.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/applications/${a.applicationId}/status`,
      headers: { cookie: a.cookie },
      payload: { status: 'scheduled' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('mails the participant when scheduled, declined or completed', async () => {
    const study = await createStudy(t.database.db);
    const a = await apply(study.id);
    await move(a.applicationId, { status: 'scheduled' });
    await move(a.applicationId, { status: 'completed' });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, a.email));
    expect(mails.map((m) => m.kind).sort()).toEqual([
      'application-completed',
      'application-scheduled',
    ]);
  });

  it('schedules exactly as many as there are places when 20 admins click at once', async () => {
    const study = await createStudy(t.database.db, { maxParticipants: 3 });
    const applicants = [];
    for (let i = 0; i < 20; i++) applicants.push(await apply(study.id));
    const answers = await Promise.all(
      applicants.map((a) => move(a.applicationId, { status: 'scheduled' })),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe('Study is full');
    const [row] = await t.database.db.select().from(studies).where(eq(studies.id, study.id));
    expect(row!.currentParticipants).toBe(3);
  });
});

describe('money', () => {
  it('completing creates a pending payment of pay rate x duration in KES and adds it to earnings', async () => {
    const study = await createStudy(t.database.db, { payRate: '1234.56', duration: 3 });
    const a = await apply(study.id);
    await move(a.applicationId, { status: 'scheduled' });
    const done = await move(a.applicationId, { status: 'completed' });
    expect(done.json().application).toMatchObject({ status: 'completed', hoursWorked: '3.00' });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.applicationId, a.applicationId));
    expect(payment).toMatchObject({ amount: '3703.68', currency: 'KES', status: 'pending' });
    const [earned] = await t.database.db
      .select()
      .from(earnings)
      .where(eq(earnings.participantId, a.id));
    expect(earned).toMatchObject({
      totalEarned: '3703.68',
      pendingPayments: '3703.68',
      totalPaid: '0.00',
      completedTests: 1,
    });
  });

  it('keeps earnings and totals consistent through payments, a failure, a refund and a deletion', async () => {
    const before = await computeStats(t.database.db);
    const study = await createStudy(t.database.db, {
      payRate: '1000.10',
      duration: 2,
      maxParticipants: 10,
    });
    const study2 = await createStudy(t.database.db, {
      payRate: '333.33',
      duration: 3,
      maxParticipants: 10,
    });
    const anna = await apply(study.id);
    const ben = await apply(study.id);
    // Anna also takes part in the second study.
    const anna2 = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: anna.cookie },
      payload: { participantId: anna.id, testId: study2.id },
    });
    const anna2Id = anna2.json().application.id as string;
    for (const id of [anna.applicationId, ben.applicationId, anna2Id]) {
      expect((await move(id, { status: 'scheduled' })).statusCode).toBe(200);
      expect((await move(id, { status: 'completed' })).statusCode).toBe(200);
    }
    const paymentOf = async (applicationId: string) =>
      (
        await t.database.db.select().from(payments).where(eq(payments.applicationId, applicationId))
      )[0]!;
    const [p1, p2, p3] = [
      await paymentOf(anna.applicationId),
      await paymentOf(anna2Id),
      await paymentOf(ben.applicationId),
    ];
    expect([p1.amount, p2.amount, p3.amount]).toEqual(['2000.20', '999.99', '2000.20']);

    // Anna's first: paid. Her second: fails, retried, paid, then refunded. Ben's: paid.
    expect((await pay(p1.id, { status: 'completed', transactionId: 'QWE123' })).statusCode).toBe(
      409,
    ); // must pass through processing
    expect((await pay(p1.id, { status: 'processing' })).statusCode).toBe(200);
    expect((await pay(p1.id, { status: 'completed' })).statusCode).toBe(400); // needs a reference
    expect(
      (
        await pay(p1.id, {
          status: 'completed',
          transactionId: 'SJK4H2LQ9P',
          paymentMethod: 'M-Pesa',
        })
      ).statusCode,
    ).toBe(200);
    for (const step of [
      { status: 'failed', failureReason: 'Wrong number' },
      { status: 'pending' },
      { status: 'processing' },
      { status: 'completed', transactionId: 'SJK4H2LQ9Q' },
      { status: 'refunded' },
    ]) {
      expect((await pay(p2.id, step)).statusCode, JSON.stringify(step)).toBe(200);
    }
    expect((await pay(p3.id, { status: 'processing' })).statusCode).toBe(200);
    expect(
      (await pay(p3.id, { status: 'completed', transactionId: 'SJK4H2LQ9R' })).statusCode,
    ).toBe(200);

    const earningsOf = async (id: string) =>
      (await t.database.db.select().from(earnings).where(eq(earnings.participantId, id)))[0];
    expect(await earningsOf(anna.id)).toMatchObject({
      totalEarned: '2000.20',
      totalPaid: '2000.20',
      pendingPayments: '0.00',
      completedTests: 2,
    });
    expect(await earningsOf(ben.id)).toMatchObject({
      totalEarned: '2000.20',
      totalPaid: '2000.20',
      pendingPayments: '0.00',
      completedTests: 1,
    });
    const mine = (
      await t.app.inject({ url: '/api/me/earnings', headers: { cookie: anna.cookie } })
    ).json().earnings;
    expect(mine).toMatchObject({ totalEarned: '2000.20', totalPaid: '2000.20' });

    const added = (a: string, b: string) =>
      (Math.round(Number(a) * 100) + Math.round(Number(b) * 100)) / 100;
    const during = await computeStats(t.database.db);
    expect(Number(during.totalEarnings)).toBeCloseTo(added(before.totalEarnings, '4000.40'), 2);

    // Ben deletes his account: his payment stays, detached; totals do not change.
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/participants/${ben.id}`,
          headers: { cookie: ben.cookie },
        })
      ).statusCode,
    ).toBe(200);
    const kept = await paymentOf(ben.applicationId).catch(() => undefined);
    expect(kept).toBeUndefined(); // the application is gone with him...
    const [detached] = await t.database.db.select().from(payments).where(eq(payments.id, p3.id));
    expect(detached).toMatchObject({ participantId: null, amount: '2000.20', status: 'completed' }); // ...the payment is not
    expect((await computeStats(t.database.db)).totalEarnings).toBe(during.totalEarnings);

    const list = await t.app.inject({
      url: `/api/payments?testId=${study.id}`,
      headers: asAdmin(),
    });
    expect(list.json().payments).toHaveLength(2);
    expect(list.json().totals).toEqual({ pending: '0.00', paid: '4000.40', refunded: '0.00' });
    expect(
      list.json().payments.find((p: { id: string }) => p.id === p3.id).participantName,
    ).toBeNull();
  });

  it('lists payments to admins only', async () => {
    const p = await loginAs(t.app, t.database.db, 'participant');
    expect(
      (await t.app.inject({ url: '/api/payments', headers: { cookie: p.cookie } })).statusCode,
    ).toBe(403);
  });
});
