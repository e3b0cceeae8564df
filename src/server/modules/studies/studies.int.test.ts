import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';
import { applicationSteps } from '../applications/applications.test-support';

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

// First: the public list is cached, and the factory writes without refreshing it.
describe('the public study list', () => {
  it('shows visitors and participants active studies only, and admins every status', async () => {
    await createStudy(t.database.db);
    const paused = await createStudy(t.database.db, { status: 'paused', title: 'Paused one' });
    const anon = (await t.app.inject({ url: '/api/tests' })).json();
    expect(anon.tests.every((s: { status: string }) => s.status === 'active')).toBe(true);
    expect(anon.tests[0]).toMatchObject({
      payRate: '1500.00',
      duration: 2,
      tags: ['mobile', 'fintech'],
    });
    const all = (await t.app.inject({ url: '/api/tests', headers: asAdmin() })).json();
    expect(all.tests.map((s: { id: string }) => s.id)).toContain(paused.id);
  });
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
