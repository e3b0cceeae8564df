import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, payments } from '../../db/schema/index';
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
const { apply, move, pay } = applicationSteps(() => t, asAdmin);
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

const edit = (id: string, payload: object, headers: Record<string, string> = asAdmin()) =>
  t.app.inject({ method: 'PUT', url: `/api/tests/${id}`, headers, payload });

describe('editing a study (PUT /api/tests/{id})', () => {
  it('changes only the fields sent and answers 200 { test }, audit-logged', async () => {
    const study = await createStudy(t.database.db, {
      title: 'Before',
      company: 'Duka Pay',
      tags: ['mobile'],
    });
    const res = await edit(study.id, {
      title: '  After  ',
      payRate: '1750.5',
      tags: 'fintech, , usability',
      requirements: 'An Android phone',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().test).toMatchObject({
      id: study.id,
      title: 'After',
      payRate: '1750.50',
      tags: ['fintech', 'usability'],
      requirements: 'An Android phone',
      company: 'Duka Pay',
      description: study.description,
      duration: study.duration,
      paymentCount: 0,
    });
    const got = (await t.app.inject({ url: `/api/tests/${study.id}`, headers: asAdmin() })).json();
    expect(got.test.title).toBe('After');
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, study.id));
    const update = audit.find((a) => a.action === 'study.update');
    expect(update?.details).toMatchObject({
      fields: ['title', 'payRate', 'tags', 'requirements'],
      payRate: ['1500.00', '1750.50'],
    });
  });

  it('removes the company or requirements sent empty, and leaves unsent ones as stored', async () => {
    const study = await createStudy(t.database.db, { company: 'Duka Pay', requirements: 'x' });
    const res = await edit(study.id, { company: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().test).toMatchObject({ company: null, requirements: 'x' });
  });

  it('checks a partial edit against the stored dates: an end before the stored start is 400 on endDate', async () => {
    const study = await createStudy(t.database.db, {
      startDate: '2026-12-10',
      endDate: '2026-12-20',
    });
    const endOnly = await edit(study.id, { endDate: '2026-12-01' });
    expect(endOnly.statusCode).toBe(400);
    expect(endOnly.json().errors.endDate).toBe('End date cannot be before the start date');
    const startOnly = await edit(study.id, { startDate: '2026-12-25' });
    expect(startOnly.statusCode).toBe(400);
    expect(startOnly.json().errors.endDate).toBe('End date cannot be before the start date');
    const both = await edit(study.id, { startDate: '2026-12-25', endDate: '2026-12-24' });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.endDate).toBe('End date cannot be before the start date');
    const stored = (
      await t.app.inject({ url: `/api/tests/${study.id}`, headers: asAdmin() })
    ).json();
    expect(stored.test).toMatchObject({ startDate: '2026-12-10', endDate: '2026-12-20' });
    expect((await edit(study.id, { endDate: '2026-12-10' })).statusCode).toBe(200);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['an empty pay rate', { payRate: '' }, 'payRate', 'Pay rate is required'],
    [
      'a pay rate over the cap',
      { payRate: 1_000_000 },
      'payRate',
      'Pay rate must be between 0 and 999999.99 KES, with at most 2 decimals',
    ],
    ['a duration of 0', { duration: 0 }, 'duration', 'Duration must be at least 1 hour'],
    [
      'no participants needed',
      { maxParticipants: 0 },
      'maxParticipants',
      'At least 1 participant is needed',
    ],
    ['an empty title', { title: '  ' }, 'title', 'Title is required'],
  ];
  for (const [name, change, field, message] of invalid) {
    it(`refuses ${name} as creation does (400 on ${field})`, async () => {
      const study = await createStudy(t.database.db);
      const res = await edit(study.id, change);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    });
  }

  it('refuses fewer participants needed than places taken (400 on maxParticipants)', async () => {
    const study = await createStudy(t.database.db, { maxParticipants: 3 });
    for (const _ of [1, 2]) {
      const a = await apply(study.id);
      expect((await move(a.applicationId, { status: 'scheduled' })).statusCode).toBe(200);
    }
    const res = await edit(study.id, { maxParticipants: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.maxParticipants).toBe(
      '2 places are taken: participants needed cannot be fewer',
    );
    expect((await edit(study.id, { maxParticipants: 2 })).statusCode).toBe(200);
  });

  it('never changes payments already created when the pay rate or duration changes', async () => {
    const study = await createStudy(t.database.db, { payRate: '1500.00', duration: 2 });
    const a = await apply(study.id);
    await move(a.applicationId, { status: 'scheduled' });
    expect((await move(a.applicationId, { status: 'completed' })).statusCode).toBe(200);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.testId, study.id));
    expect(payment!.amount).toBe('3000.00');

    const res = await edit(study.id, { payRate: '2500', duration: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().test).toMatchObject({ payRate: '2500.00', duration: 3, paymentCount: 1 });
    const [after] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.testId, study.id));
    expect(after!.amount).toBe('3000.00');
    const earnings = await t.app.inject({ url: '/api/me/earnings', headers: { cookie: a.cookie } });
    expect(earnings.json().earnings.pendingPayments).toBe('3000.00');
  });

  it('answers 404 for an unknown study, 401 to visitors and 403 to participants', async () => {
    expect((await edit(crypto.randomUUID(), { title: 'Nobody' })).statusCode).toBe(404);
    const study = await createStudy(t.database.db);
    expect((await edit(study.id, { title: 'x' }, {})).statusCode).toBe(401);
    const p = await loginAs(t.app, t.database.db, 'participant');
    expect((await edit(study.id, { title: 'x' }, { cookie: p.cookie })).statusCode).toBe(403);
    const stored = (
      await t.app.inject({ url: `/api/tests/${study.id}`, headers: asAdmin() })
    ).json();
    expect(stored.test.title).toBe(study.title);
  });
});

describe('the admin view of a study says whether it can be deleted', () => {
  it('counts its payments and sums the completed and the owed ones; visitors see none of it', async () => {
    const study = await createStudy(t.database.db, { payRate: '1000.00', duration: 1 });
    const first = await apply(study.id);
    const second = await apply(study.id);
    for (const a of [first, second]) {
      await move(a.applicationId, { status: 'scheduled' });
      await move(a.applicationId, { status: 'completed' });
    }
    const [paid] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.applicationId, first.applicationId));
    expect((await pay(paid!.id, { status: 'processing' })).statusCode).toBe(200);
    expect(
      (await pay(paid!.id, { status: 'completed', transactionId: 'QGH7XK2L9P' })).statusCode,
    ).toBe(200);

    const one = (await t.app.inject({ url: `/api/tests/${study.id}`, headers: asAdmin() })).json();
    expect(one.test).toMatchObject({ paymentCount: 2, paidOut: '1000.00', owed: '1000.00' });
    const list = (await t.app.inject({ url: '/api/tests', headers: asAdmin() })).json();
    const listed = list.tests.find((s: { id: string }) => s.id === study.id);
    expect(listed).toMatchObject({ paymentCount: 2, paidOut: '1000.00', owed: '1000.00' });
    const fresh = await createStudy(t.database.db);
    const none = (await t.app.inject({ url: `/api/tests/${fresh.id}`, headers: asAdmin() })).json();
    expect(none.test).toMatchObject({ paymentCount: 0, paidOut: '0.00', owed: '0.00' });

    const visitor = (await t.app.inject({ url: `/api/tests/${study.id}` })).json();
    expect(visitor.test).not.toHaveProperty('paymentCount');
    expect(visitor.test).not.toHaveProperty('paidOut');
    expect(visitor.test).not.toHaveProperty('owed');
  });
});
