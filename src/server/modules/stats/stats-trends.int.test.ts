import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, participants, payments } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, createStudy, loginAs } from '../../../../test/factories';
import { createStatsService, TRENDS_WEEKS } from './stats.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

// A Wednesday; in Nairobi (UTC+3) its week starts on Monday 2025-03-10.
const NOW = new Date('2025-03-12T09:00:00Z');
const expectedWeeks = [
  '2024-12-23',
  '2024-12-30',
  '2025-01-06',
  '2025-01-13',
  '2025-01-20',
  '2025-01-27',
  '2025-02-03',
  '2025-02-10',
  '2025-02-17',
  '2025-02-24',
  '2025-03-03',
  '2025-03-10',
];
const zeroWeek = {
  interested: 0,
  screening: 0,
  selected: 0,
  scheduled: 0,
  completed: 0,
  declined: 0,
  disqualified: 0,
  total: 0,
};

describe('the weekly trends', () => {
  it('counts applications and registrations per Nairobi week, with empty weeks as zeros', async () => {
    const db = t.database.db;
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => createParticipant(t.app)));
    const ids = people.map((p) => p.participant.id);
    const study = await createStudy(db);
    const other = await createStudy(db);
    const at = (iso: string) => new Date(iso);
    await db.insert(applications).values([
      // Monday 00:30 in Nairobi is still Sunday in UTC: it belongs to the week of 10 March.
      {
        participantId: ids[0]!,
        testId: study.id,
        status: 'interested',
        appliedAt: at('2025-03-10T00:30:00+03:00'),
      },
      {
        participantId: ids[1]!,
        testId: study.id,
        status: 'scheduled',
        appliedAt: at('2025-03-12T08:00:00+03:00'),
      },
      // Sunday 23:30 in Nairobi: the week before.
      {
        participantId: ids[2]!,
        testId: study.id,
        status: 'completed',
        appliedAt: at('2025-03-09T23:30:00+03:00'),
      },
      {
        participantId: ids[3]!,
        testId: study.id,
        status: 'declined',
        appliedAt: at('2025-03-03T00:00:00+03:00'),
      },
      // The first week of the window, on its first instant.
      {
        participantId: ids[4]!,
        testId: study.id,
        status: 'screening',
        appliedAt: at('2024-12-23T00:00:00+03:00'),
      },
      // Before the window: not counted.
      {
        participantId: ids[0]!,
        testId: other.id,
        status: 'interested',
        appliedAt: at('2024-12-22T23:59:59+03:00'),
      },
    ]);
    // Registrations: two in the current week, one in January, the rest long ago.
    const registeredAt = [
      '2025-03-11T10:00:00+03:00',
      '2025-03-10T00:00:00+03:00',
      '2025-01-08T12:00:00+03:00',
      '2024-06-01T12:00:00+03:00',
      '2024-06-02T12:00:00+03:00',
    ];
    for (const [i, id] of ids.entries()) {
      await db
        .update(participants)
        .set({ createdAt: at(registeredAt[i]!) })
        .where(inArray(participants.id, [id]));
    }
    await db.insert(payments).values([
      { participantId: ids[2]!, testId: study.id, amount: '3000.10', status: 'completed' },
      { participantId: ids[2]!, testId: study.id, amount: '0.20', status: 'completed' },
      { participantId: ids[1]!, testId: study.id, amount: '1500.05', status: 'pending' },
      { participantId: ids[1]!, testId: study.id, amount: '0.01', status: 'processing' },
      { participantId: ids[0]!, testId: study.id, amount: '99.99', status: 'refunded' },
    ]);

    const trends = await createStatsService({ db }).computeTrends(NOW);

    expect(trends.weeks).toEqual(expectedWeeks);
    expect(trends.weeks).toHaveLength(TRENDS_WEEKS);
    const byWeek = Object.fromEntries(trends.applicationsPerWeek.map((w) => [w.weekStart, w]));
    expect(byWeek['2025-03-10']).toEqual({
      ...zeroWeek,
      weekStart: '2025-03-10',
      interested: 1,
      scheduled: 1,
      total: 2,
    });
    expect(byWeek['2025-03-03']).toEqual({
      ...zeroWeek,
      weekStart: '2025-03-03',
      completed: 1,
      declined: 1,
      total: 2,
    });
    expect(byWeek['2024-12-23']).toEqual({
      ...zeroWeek,
      weekStart: '2024-12-23',
      screening: 1,
      total: 1,
    });
    for (const week of expectedWeeks.filter(
      (w) => !['2025-03-10', '2025-03-03', '2024-12-23'].includes(w),
    )) {
      expect(byWeek[week]).toEqual({ ...zeroWeek, weekStart: week });
    }

    expect(trends.participantsPerWeek).toEqual(
      expectedWeeks.map((weekStart) => ({
        weekStart,
        count: weekStart === '2025-03-10' ? 2 : weekStart === '2025-01-06' ? 1 : 0,
      })),
    );
    expect(trends.payments).toEqual({
      completed: '3000.30',
      pending: '1500.05',
      processing: '0.01',
      failed: '0.00',
    });
  });

  it('answers twelve weeks of zeros and zero amounts when nothing happened', async () => {
    const empty = await createStatsService({ db: t.database.db }).computeTrends(
      new Date('2001-06-15T12:00:00Z'),
    );
    expect(empty.weeks).toHaveLength(TRENDS_WEEKS);
    expect(empty.weeks.at(-1)).toBe('2001-06-11');
    expect(empty.applicationsPerWeek.every((w) => w.total === 0)).toBe(true);
    expect(empty.participantsPerWeek.every((w) => w.count === 0)).toBe(true);
  });

  it('is for admins only and never cached by the browser or a proxy', async () => {
    const anon = await t.app.inject({ url: '/api/stats/trends' });
    expect(anon.statusCode).toBe(401);
    const participant = await loginAs(t.app, t.database.db, 'participant');
    const refused = await t.app.inject({
      url: '/api/stats/trends',
      headers: { cookie: participant.cookie },
    });
    expect(refused.statusCode).toBe(403);

    const admin = await loginAs(t.app, t.database.db, 'admin');
    const res = await t.app.inject({ url: '/api/stats/trends', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body.weeks).toHaveLength(TRENDS_WEEKS);
    expect(body.applicationsPerWeek).toHaveLength(TRENDS_WEEKS);
    expect(body.participantsPerWeek).toHaveLength(TRENDS_WEEKS);
    // This week's registrations (the participant and admin sign-ins above) are counted.
    expect(body.participantsPerWeek.at(-1).count).toBeGreaterThanOrEqual(1);
    expect(body.payments.completed).toBe('3000.30');
  });
});
