import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Stats } from '../../../shared/schemas/stats';
import { applications, clientRequests, payments, researchRequests } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, createStudy, loginAs } from '../../../../test/factories';
import { createStatsService, STATS_STALE_MS, STATS_TTL_MS } from './stats.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('stats', () => {
  it('computes every figure from real data', async () => {
    const db = t.database.db;
    const people = await Promise.all([1, 2, 3].map(() => createParticipant(t.app)));
    const active = await createStudy(db, { company: 'Duka Pay', maxParticipants: 5 });
    await createStudy(db, { company: 'duka pay ', status: 'completed' }); // same company, other case
    await createStudy(db, { company: 'Never Ran Ltd', status: 'not_started', maxParticipants: 50 });
    await createStudy(db, { company: null, status: 'active', maxParticipants: 2 });
    await db.insert(clientRequests).values([
      {
        companyName: 'Safari Foods',
        contactPerson: 'A',
        email: 'a@safari.example',
        service: 'research',
        message: 'm',
        status: 'in-progress',
      },
      {
        companyName: 'Just Asking Co',
        contactPerson: 'B',
        email: 'b@x.example',
        service: 'other',
        message: 'm',
        status: 'new',
      },
    ]);
    await db.insert(researchRequests).values({
      company: 'Matatu Maps',
      contactName: 'C',
      email: 'c@mm.example',
      phone: '0712345678',
      description: 'd',
      status: 'closed',
    });
    const [scheduled, completed] = await db
      .insert(applications)
      .values([
        { participantId: people[0]!.participant.id, testId: active.id, status: 'scheduled' },
        { participantId: people[1]!.participant.id, testId: active.id, status: 'completed' },
        { participantId: people[2]!.participant.id, testId: active.id, status: 'interested' },
      ])
      .returning();
    await db.insert(payments).values([
      {
        participantId: people[1]!.participant.id,
        testId: active.id,
        applicationId: completed!.id,
        amount: '3000.10',
        status: 'completed',
      },
      {
        participantId: people[0]!.participant.id,
        testId: active.id,
        applicationId: scheduled!.id,
        amount: '0.20',
        status: 'pending',
      },
      {
        participantId: people[0]!.participant.id,
        testId: active.id,
        amount: '999.99',
        status: 'refunded',
      },
    ]);

    expect(await createStatsService({ db }).compute()).toEqual({
      participantCount: 3,
      companiesServed: 3, // duka pay, safari foods, matatu maps
      productsOptimized: 1,
      projectsCompleted: 1,
      activeTests: 2,
      totalParticipantsNeeded: 3 + 2, // 5 - (scheduled + completed), plus 2 open in the other active study
      totalEarnings: '3000.30',
    });
  });

  it('answers the public fields to visitors and adds the admin fields for admins', async () => {
    const anon = await t.app.inject({ url: '/api/stats' });
    expect(anon.statusCode).toBe(200);
    expect(Object.keys(anon.json()).sort()).toEqual([
      'activeTests',
      'companiesServed',
      'participantCount',
      'productsOptimized',
      'totalParticipantsNeeded',
    ]);
    const admin = await loginAs(t.app, t.database.db, 'admin');
    const res = await t.app.inject({ url: '/api/stats', headers: { cookie: admin.cookie } });
    expect(res.json()).toHaveProperty('totalEarnings');
    expect(res.json()).toHaveProperty('projectsCompleted');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('after each expiry answers the figures held while one reload runs, then the new ones; past the stale window it waits', async () => {
    const db = t.database.db;
    let clock = 1_000_000;
    const stats = createStatsService({ db, now: () => clock });
    const count = async () => (JSON.parse(await stats.publicJson()) as Stats).participantCount;
    const before = await count();
    await createParticipant(t.app);
    clock += STATS_TTL_MS;
    // Expired: this request is answered at once with what was held; the reload runs behind it.
    expect(await count()).toBe(before);
    await vi.waitFor(async () => {
      clock += STATS_TTL_MS; // the public body's own cache expires and reads the new figures
      expect(await count()).toBe(before + 1);
    });
    await createParticipant(t.app);
    clock += STATS_TTL_MS + STATS_STALE_MS;
    // Nobody asked for a minute: the figures held are too old to answer with, so it waits.
    expect(await count()).toBe(before + 2);
  });
});
