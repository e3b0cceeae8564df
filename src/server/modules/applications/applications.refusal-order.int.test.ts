import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';
import { saveSiteSettings } from '../settings/settings.repo';

/**
 * POST /api/applications refused for several reasons at once answers the first that applies
 * (decisions.md section 6): 400 malformed; 404 unknown or not active; 409 postponed; 409
 * already applied; 409 full. Racing status changes and postponements never make it a 500.
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

const setOpen = (studiesOpen: boolean) => saveSiteSettings(t.database.db, { studiesOpen }, null);
const applyAs = async (who: { cookie: string; id: string }, testId: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie: who.cookie },
    payload: { participantId: who.id, testId },
  });

const NOT_OPEN = [404, 'This test is not accepting applications'] as const;
const POSTPONED = [
  409,
  'Research studies are temporarily postponed. Registered testers will be notified when new studies open.',
] as const;
const ALREADY = [409, 'You have already applied to this test'] as const;
const FULL = [409, 'Study is full'] as const;

describe('the refusal order of an application', () => {
  const flags = [false, true];
  for (const inactive of flags)
    for (const postponed of flags)
      for (const applied of flags)
        for (const full of flags) {
          const expected = inactive
            ? NOT_OPEN
            : postponed
              ? POSTPONED
              : applied
                ? ALREADY
                : full
                  ? FULL
                  : ([201, undefined] as const);
          const named = [
            inactive && 'not active',
            postponed && 'postponed',
            applied && 'already applied',
            full && 'full',
          ].filter(Boolean);
          it(`a study ${named.join(', ') || 'open to this participant'} answers ${expected[0]} ${expected[1] ?? ''}`, async () => {
            const me = await loginAs(t.app, t.database.db, 'participant');
            const study = await createStudy(t.database.db, {
              status: inactive ? 'paused' : 'active',
              maxParticipants: 1,
              currentParticipants: full ? 1 : 0,
            });
            if (applied)
              await t.database.db
                .insert(applications)
                .values({ participantId: me.id, testId: study.id });
            await setOpen(!postponed);
            try {
              const res = await applyAs(me, study.id);
              expect(res.statusCode, res.body).toBe(expected[0]);
              if (expected[1]) expect(res.json().message).toBe(expected[1]);
              const rows = await t.database.db
                .select()
                .from(applications)
                .where(eq(applications.testId, study.id));
              expect(rows).toHaveLength(applied || expected[0] === 201 ? 1 : 0);
            } finally {
              await setOpen(true);
            }
          });
        }

  it('a malformed body is 400 before anything else, an unknown study 404 even while postponed', async () => {
    const me = await loginAs(t.app, t.database.db, 'participant');
    await setOpen(false);
    try {
      expect((await applyAs(me, 'not-a-uuid')).statusCode).toBe(400);
      expect((await applyAs(me, [crypto.randomUUID()])).statusCode).toBe(400);
      const unknown = await applyAs(me, crypto.randomUUID());
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Test not found');
    } finally {
      await setOpen(true);
    }
  });
});

describe('applying while staff change the study or the setting', () => {
  it('many participants applying while an admin pauses the study and postpones studies: each answer 201, 404 or 409, one row per 201', async () => {
    const study = await createStudy(t.database.db, { maxParticipants: 100 });
    const people = await Promise.all(
      Array.from({ length: 12 }, () => loginAs(t.app, t.database.db, 'participant')),
    );
    const staff = (method: string, url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie: boss.cookie }, payload });
    try {
      const answers = await Promise.all([
        ...people.slice(0, 6).map((p) => applyAs(p, study.id)),
        staff('PUT', `/api/tests/${study.id}/status`, { status: 'paused' }),
        staff('PUT', '/api/settings', { settings: { studiesOpen: false } }),
        ...people.slice(6).map((p) => applyAs(p, study.id)),
        staff('PUT', `/api/tests/${study.id}/status`, { status: 'active' }),
      ]);
      const applies = answers.filter((_, i) => i !== 6 && i !== 7 && i !== answers.length - 1);
      for (const res of answers) expect([200, 201, 404, 409], res.body).toContain(res.statusCode);
      const accepted = applies.filter((r) => r.statusCode === 201).length;
      const rows = await t.database.db
        .select()
        .from(applications)
        .where(eq(applications.testId, study.id));
      expect(rows).toHaveLength(accepted);
      // The two status changes raced each other; once the study is surely active, studies
      // stay postponed and nobody gets in.
      expect(
        (await staff('PUT', `/api/tests/${study.id}/status`, { status: 'active' })).statusCode,
      ).toBe(200);
      const late = await applyAs(await loginAs(t.app, t.database.db, 'participant'), study.id);
      expect(late.statusCode).toBe(409);
    } finally {
      await setOpen(true);
    }
  });
});
