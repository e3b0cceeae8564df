import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';
import { normaliseCriteria } from '../../../shared/schemas/recruiting';
import { insertPeople } from './recruiting.test-support';

/**
 * GET /api/tests/{id}/matches?criteria= counts a draft of the study's criteria (the edit
 * dialog's live count, before saving); without it, the stored criteria.
 */
let t: TestApp;
let boss: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date('2026-06-15T09:00:00Z') });
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const matches = (testId: string, criteria?: unknown, cookie = boss.cookie) =>
  t.app.inject({
    url: `/api/tests/${testId}/matches`,
    query: criteria === undefined ? {} : { criteria: JSON.stringify(criteria) },
    headers: { cookie },
  });

describe('the matches of draft criteria', () => {
  it('counts the draft instead of the stored criteria, and the stored ones without it', async () => {
    const study = await createStudy(t.database.db, {
      status: 'active',
      criteria: normaliseCriteria({ counties: ['Lamu'] }),
    });
    await insertPeople(t.database.db, [
      { county: 'Lamu', gender: 'woman', inviteOptIn: true },
      { county: 'Lamu', gender: 'man', inviteOptIn: false },
      { county: 'Lamu', gender: 'woman', inviteOptIn: false },
    ]);
    expect((await matches(study.id)).json()).toEqual({
      total: 3,
      invitable: 1,
      estimated: false,
      cooldownDays: 7,
    });
    const draft = await matches(study.id, { counties: ['Lamu'], genders: ['woman'] });
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toEqual({ total: 2, invitable: 1, estimated: false, cooldownDays: 7 });
    // Nothing was saved: the stored criteria still count everyone in Lamu.
    expect((await matches(study.id)).json()).toEqual({
      total: 3,
      invitable: 1,
      estimated: false,
      cooldownDays: 7,
    });
  });

  it('refuses a draft that is not JSON or not criteria with 400 on the criteria', async () => {
    const study = await createStudy(t.database.db, { status: 'active' });
    for (const criteria of ['{not json', JSON.stringify({ counties: ['Atlantis'] })]) {
      const res = await t.app.inject({
        url: `/api/tests/${study.id}/matches`,
        query: { criteria },
        headers: { cookie: boss.cookie },
      });
      expect(res.statusCode).toBe(400);
    }
    const backwards = await matches(study.id, { ageMin: 40, ageMax: 30 });
    expect(backwards.statusCode).toBe(400);
  });

  it('is for admins only, draft or not', async () => {
    const study = await createStudy(t.database.db, { status: 'active' });
    const me = await loginAs(t.app, t.database.db, 'participant');
    expect((await matches(study.id, { genders: ['woman'] }, me.cookie)).statusCode).toBe(403);
  });
});
