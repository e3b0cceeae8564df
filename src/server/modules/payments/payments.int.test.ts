import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnings, payments } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';
import { applicationSteps } from '../applications/applications.test-support';
import { createStatsService } from '../stats/stats.service';

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
const { apply, move, pay } = applicationSteps(() => t, asAdmin);

const computeStats = () => createStatsService({ db: t.database.db }).compute();

describe('payments and earnings', () => {
  it('keeps earnings and totals consistent through payments, a failure, a refund and a deletion', async () => {
    const before = await computeStats();
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
    const during = await computeStats();
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
    expect((await computeStats()).totalEarnings).toBe(during.totalEarnings);

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
