import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createParticipant, createStudy, loginAs } from '../../../test/factories';

/**
 * decisions.md section 8, in both exports: a cell with a semicolon is quoted (spreadsheets
 * with a decimal comma split on it), and phones are digits only (`2547…`) for the M-Pesa
 * bulk and SMS tools.
 */
let t: TestApp;
let boss: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ url, headers: { cookie: boss.cookie } });

describe('participants.csv', () => {
  it('quotes a location holding a semicolon and writes the phone as digits', async () => {
    const { input } = await createParticipant(t.app, {
      phone: '+254711464914',
      location: 'Nairobi; Westlands',
    });
    const res = await get('/api/participants/export.csv');
    expect(res.statusCode).toBe(200);
    const line = res.body.split('\r\n').find((l) => l.includes(input.email))!;
    expect(line).toContain(`,${input.email},254711464914,"Nairobi; Westlands",`);
    expect(res.body).not.toMatch(/,'?\+254/);
  });
});

describe("a study's payments.csv", () => {
  it('writes the phone as digits', async () => {
    const study = await createStudy(t.database.db, { payRate: '1000.00', duration: 1 });
    const who = await loginAs(t.app, t.database.db, 'participant');
    const phone = (
      await t.app.inject({ url: `/api/participants/${who.id}`, headers: { cookie: who.cookie } })
    ).json().participant.phone as string;
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: who.cookie },
      payload: { participantId: who.id, testId: study.id },
    });
    const id = applied.json().application.id;
    for (const status of ['scheduled', 'completed'])
      await t.app.inject({
        method: 'PUT',
        url: `/api/applications/${id}/status`,
        headers: { cookie: boss.cookie },
        payload: { status },
      });
    const res = await get(`/api/tests/${study.id}/payments.csv`);
    const [, row] = res.body.trimEnd().split('\r\n');
    expect(phone).toMatch(/^\+254/);
    expect(row).toContain(`,${who.email},${phone.replace(/\D/g, '')},`);
    expect(row).not.toContain('+');
  });
});
