import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';
import { applicationSteps } from '../applications/applications.test-support';

let t: TestApp;
let boss: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie = boss.cookie) => t.app.inject({ url, headers: { cookie } });

const { apply, move } = applicationSteps(
  () => t,
  () => boss,
);

/** A participant who applied to the study and completed it (which creates their payment). */
async function completedParticipant(studyId: string) {
  const who = await apply(studyId);
  for (const status of ['scheduled', 'completed']) await move(who.applicationId, { status });
  return who;
}

describe("a study's payments.csv", () => {
  it('lists participant, e-mail, phone, hours, rate, total and date, named after the study', async () => {
    const study = await createStudy(t.database.db, {
      title: 'Checkout: v2 / usability',
      payRate: '1250.50',
      duration: 2,
    });
    const who = await completedParticipant(study.id);
    const res = await get(`/api/tests/${study.id}/payments.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="checkout-v2-usability-payments.csv"',
    );
    const [header, row] = res.body.trimEnd().split('\r\n');
    expect(header).toBe(
      'Participant,Email,Phone,Hours worked,Rate (KES/hour),Total payment (KES),Completion date',
    );
    expect(row).toContain(who.email);
    expect(row).toContain(',2.00,1250.50,2501.00,');
  });

  // decisions.md section 8: digits only (`2547…`) for the M-Pesa bulk and SMS tools.
  it('writes the phone as digits', async () => {
    const study = await createStudy(t.database.db, { payRate: '1000.00', duration: 1 });
    const who = await completedParticipant(study.id);
    const phone = (
      await t.app.inject({ url: `/api/participants/${who.id}`, headers: { cookie: who.cookie } })
    ).json().participant.phone as string;
    const res = await get(`/api/tests/${study.id}/payments.csv`);
    const [, row] = res.body.trimEnd().split('\r\n');
    expect(phone).toMatch(/^\+254/);
    expect(row).toContain(`,${who.email},${phone.replace(/\D/g, '')},`);
    expect(row).not.toContain('+');
  });

  it('is for admins only, and answers 404 for an unknown study', async () => {
    const study = await createStudy(t.database.db);
    const p = await loginAs(t.app, t.database.db, 'participant');
    expect((await get(`/api/tests/${study.id}/payments.csv`, p.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/tests/${study.id}/payments.csv` })).statusCode).toBe(
      401,
    );
    const unknown = await get('/api/tests/00000000-0000-4000-8000-000000000000/payments.csv');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Test not found');
  });
});
