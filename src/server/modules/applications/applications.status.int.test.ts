import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnings, mailOutbox, payments, studies } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';
import { applicationSteps } from './applications.test-support';

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
const { apply, move } = applicationSteps(() => t, asAdmin);

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

describe('completing an application', () => {
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
});
