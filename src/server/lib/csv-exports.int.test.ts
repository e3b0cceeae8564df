import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createParticipant, loginAs } from '../../../test/factories';

/**
 * decisions.md section 8: a cell with a semicolon is quoted (spreadsheets with a decimal
 * comma split on it), and phones are digits only (`2547…`) for the M-Pesa bulk and SMS
 * tools. A study's payments.csv is tested in the payments module.
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
