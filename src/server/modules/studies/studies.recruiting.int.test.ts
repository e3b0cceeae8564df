import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditLogs, studies } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';
import { normaliseCriteria, type ScreenerInput } from '../../../shared/schemas/recruiting';
import { setProfile } from '../recruiting/recruiting.test-support';
import { CHAMA_QUESTION, MEMBERS_QUESTION, studyBody } from '../../../../test/support/recruiting';

/**
 * Study criteria and screeners (decisions.md section 10): staff set them on POST and PUT
 * /api/tests and read them whole; participants and visitors never learn the rules; a
 * participant's list holds the studies that fit them.
 */
const NOW = new Date('2026-06-15T09:00:00Z');
let t: TestApp;
let boss: { cookie: string; id: string };
beforeAll(async () => {
  t = await buildTestApp({ clock: () => NOW });
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const SCREENER: ScreenerInput = [CHAMA_QUESTION, MEMBERS_QUESTION];

const staff = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: { cookie: boss.cookie }, payload: payload as object });

const create = (overrides: Record<string, unknown>) =>
  staff('POST', '/api/tests', studyBody(overrides));

describe('criteria and screener on the study payload', () => {
  it('stores the criteria (every list present) and the screener, and answers them whole to staff', async () => {
    const excluded = await createStudy(t.database.db);
    const res = await create({
      criteria: {
        ageMin: 18,
        ageMax: 35,
        counties: ['Nairobi', "Murang'a", 'Nairobi'],
        excludeStudies: [excluded.id],
      },
      screener: SCREENER,
    });
    expect(res.statusCode, res.body).toBe(201);
    const test = res.json().test;
    expect(test.criteria).toEqual({
      ...normaliseCriteria({}),
      ageMin: 18,
      ageMax: 35,
      counties: ['Nairobi', "Murang'a"],
      excludeStudies: [excluded.id],
    });
    expect(test.screener).toEqual(SCREENER);
    const read = await t.app.inject({
      url: `/api/tests/${test.id}`,
      headers: { cookie: boss.cookie },
    });
    expect(read.json().test.criteria.ageMin).toBe(18);
    expect(read.json().test.screener[0].options[1].rule).toBe('disqualify');
  });

  it('a study created without them has none: every list empty, no questions', async () => {
    const res = await create({});
    expect(res.json().test.criteria).toEqual(normaliseCriteria({}));
    expect(res.json().test.screener).toEqual([]);
  });

  const badCriteria: [string, unknown, string][] = [
    ['ageMin above ageMax', { ageMin: 40, ageMax: 30 }, 'criteria.ageMax'],
    ['an age under 16', { ageMin: 12 }, 'criteria.ageMin'],
    ['an unknown county', { counties: ['Atlantis'] }, 'criteria.counties.0'],
    ['prefer not to say as a gender', { genders: ['prefer_not_to_say'] }, 'criteria.genders.0'],
    ['an unknown device', { devices: ['pager'] }, 'criteria.devices.0'],
    ['an extra key', { ageMin: 18, shoeSize: 42 }, 'criteria'],
    ['an exclude id that is not a uuid', { excludeStudies: ['nope'] }, 'criteria.excludeStudies.0'],
    ['a NUL byte in a tag', { excludeTags: ['a\u0000b'] }, 'criteria.excludeTags.0'],
  ];
  for (const [name, criteria, field] of badCriteria)
    it(`refuses criteria with ${name} (400 on ${field}), on create and on edit`, async () => {
      const created = await create({ criteria });
      expect(created.statusCode, created.body).toBe(400);
      expect(Object.keys(created.json().errors ?? {}).join(' ')).toContain(field);
      const study = await createStudy(t.database.db);
      const edited = await staff('PUT', `/api/tests/${study.id}`, { criteria });
      expect(edited.statusCode).toBe(400);
    });

  it('refuses an excluded study that does not exist (400 on criteria.excludeStudies), nothing stored', async () => {
    const unknown = crypto.randomUUID();
    const before = await t.database.db.select({ id: studies.id }).from(studies);
    const res = await create({ criteria: { excludeStudies: [unknown] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['criteria.excludeStudies']).toContain(unknown);
    expect(await t.database.db.select({ id: studies.id }).from(studies)).toHaveLength(
      before.length,
    );
    const study = await createStudy(t.database.db);
    const edited = await staff('PUT', `/api/tests/${study.id}`, {
      criteria: { excludeStudies: [unknown] },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().errors['criteria.excludeStudies']).toContain(unknown);
  });

  const question = (over: Record<string, unknown>) => ({
    id: 'q1',
    text: 'Which phone do you use?',
    kind: 'single',
    required: true,
    options: [
      { id: 'a', label: 'Android', rule: 'qualify' },
      { id: 'b', label: 'iPhone', rule: 'neutral' },
    ],
    ...over,
  });
  const badScreeners: [string, unknown][] = [
    ['a question id with capitals', [question({ id: 'Q1' })]],
    ['a question id of 41 characters', [question({ id: 'q'.repeat(41) })]],
    ['the same question id twice', [question({}), question({})]],
    [
      'the same option id twice',
      [
        question({
          options: [
            { id: 'a', label: 'A', rule: 'qualify' },
            { id: 'a', label: 'B', rule: 'qualify' },
          ],
        }),
      ],
    ],
    ['a choice without options', [question({ options: [] })]],
    [
      'a choice with one option',
      [question({ options: [{ id: 'a', label: 'A', rule: 'qualify' }] })],
    ],
    ['bounds on a text question', [question({ kind: 'text', options: undefined, min: 1 })]],
    ['options on a number question', [question({ kind: 'number' })]],
    ['min above max', [question({ kind: 'number', options: undefined, min: 10, max: 1 })]],
    [
      'an unknown rule',
      [
        question({
          options: [
            { id: 'a', label: 'A', rule: 'maybe' },
            { id: 'b', label: 'B', rule: 'qualify' },
          ],
        }),
      ],
    ],
    ['an extra key', [question({ hint: 'x' })]],
    ['an empty question text', [question({ text: '  ' })]],
    [
      'a NUL byte in an option label',
      [
        question({
          options: [
            { id: 'a', label: 'A\u0000', rule: 'qualify' },
            { id: 'b', label: 'B', rule: 'qualify' },
          ],
        }),
      ],
    ],
    ['21 questions', Array.from({ length: 21 }, (_, i) => question({ id: `q${i}` }))],
  ];
  for (const [name, screener] of badScreeners)
    it(`refuses a screener with ${name} (400), on create and on edit`, async () => {
      const created = await create({ screener });
      expect(created.statusCode, created.body).toBe(400);
      const study = await createStudy(t.database.db);
      const edited = await staff('PUT', `/api/tests/${study.id}`, { screener });
      expect(edited.statusCode).toBe(400);
    });

  it('PUT replaces the criteria and the screener whole, audited with the fields changed', async () => {
    const res = await create({ criteria: { ageMin: 18, genders: ['woman'] }, screener: SCREENER });
    const id = res.json().test.id as string;
    const edited = await staff('PUT', `/api/tests/${id}`, {
      criteria: { counties: ['Kisumu'] },
      screener: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().test.criteria).toEqual({ ...normaliseCriteria({}), counties: ['Kisumu'] });
    expect(edited.json().test.screener).toEqual([]);
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'study.update'), eq(auditLogs.resourceId, id)));
    expect(audits).toHaveLength(1);
    expect((audits[0]!.details as { fields: string[] }).fields.sort()).toEqual([
      'criteria',
      'screener',
    ]);
    // The same criteria again is no change (jsonb keeps its keys in its own order).
    const again = await staff('PUT', `/api/tests/${id}`, { criteria: { counties: ['Kisumu'] } });
    expect(again.statusCode).toBe(200);
    const after = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'study.update'), eq(auditLogs.resourceId, id)));
    expect(after).toHaveLength(1);
  });
});

describe('what participants and visitors see of a study', () => {
  it('never a rule, a bound or the criteria, through any route', async () => {
    const res = await create({ criteria: { ageMin: 18 }, screener: SCREENER });
    const id = res.json().test.id as string;
    await staff('PUT', `/api/tests/${id}/status`, { status: 'active' });
    const me = await loginAs(t.app, t.database.db, 'participant');
    await setProfile(t.database.db, me.id, { dateOfBirth: '1990-01-01' });
    const answers = [
      await t.app.inject({ url: '/api/tests' }),
      await t.app.inject({ url: `/api/tests/${id}` }),
      await t.app.inject({ url: '/api/tests', headers: { cookie: me.cookie } }),
      await t.app.inject({ url: `/api/tests/${id}`, headers: { cookie: me.cookie } }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      const body = answer.body;
      expect(body).toContain('Are you in a chama?');
      expect(body).not.toContain('disqualify');
      expect(body).not.toContain('qualify');
      expect(body).not.toContain('"min"');
      expect(body).not.toContain('"max"');
      expect(body).not.toContain('criteria');
      expect(body).not.toContain('ageMin');
    }
    const listed = answers[2]!.json().tests.find((s: { id: string }) => s.id === id);
    expect(listed.screener[0]).toEqual({
      id: 'chama',
      text: 'Are you in a chama?',
      kind: 'single',
      required: true,
      options: [
        { id: 'yes', label: 'Yes' },
        { id: 'no', label: 'No' },
      ],
    });
  });
});

describe("a participant's list of studies", () => {
  it('shows the eligible active studies and those applied to; counts the hidden ones and those an empty field hides', async () => {
    // A database of its own: the counts cover every active study.
    const own = await buildTestApp({ clock: () => NOW });
    try {
      const db = own.database.db;
      const admin = await loginAs(own.app, db, 'admin');
      const me = await loginAs(own.app, db, 'participant');
      const list = async () =>
        (await own.app.inject({ url: '/api/tests', headers: { cookie: me.cookie } })).json() as {
          tests: { id: string }[];
          hiddenCount: number;
          hiddenForProfile: number;
        };
      const open = await createStudy(db);
      const women = await createStudy(db, { criteria: normaliseCriteria({ genders: ['woman'] }) });
      const men = await createStudy(db, { criteria: normaliseCriteria({ genders: ['man'] }) });
      const adults = await createStudy(db, { criteria: normaliseCriteria({ ageMin: 18 }) });
      const paused = await createStudy(db, { status: 'paused' });
      // An edit through the API refreshes the cached list of active studies.
      await own.app.inject({
        method: 'PUT',
        url: `/api/tests/${open.id}`,
        headers: { cookie: admin.cookie },
        payload: { requirements: 'None' },
      });

      let seen = await list();
      const ids = (l: { tests: { id: string }[] }) => l.tests.map((s) => s.id).sort();
      expect(ids(seen)).toEqual([open.id]);
      // Empty gender and birth date: women, men and adults are hidden by empty fields alone.
      expect(seen.hiddenCount).toBe(3);
      expect(seen.hiddenForProfile).toBe(3);

      await setProfile(db, me.id, { gender: 'woman', dateOfBirth: '2010-06-16' });
      seen = await list();
      expect(ids(seen)).toEqual([open.id, women.id].sort());
      // Men and (on 15 June 2026, aged 15) adults: hidden by the answers given, not by empty fields.
      expect(seen.hiddenCount).toBe(2);
      expect(seen.hiddenForProfile).toBe(0);

      // A study applied to stays listed even when the profile does not fit it.
      await db.insert(applications).values({ participantId: me.id, testId: men.id });
      seen = await list();
      expect(ids(seen)).toEqual([open.id, women.id, men.id].sort());
      expect(seen.hiddenCount).toBe(1);
      for (const hidden of [adults, paused]) expect(ids(seen)).not.toContain(hidden.id);

      // Blocked: nothing fits, and no field would change that.
      await setProfile(db, me.id, { blockedAt: new Date() });
      seen = await list();
      expect(ids(seen)).toEqual([men.id]);
      expect(seen.hiddenCount).toBe(3);
      expect(seen.hiddenForProfile).toBe(0);
    } finally {
      await own.close();
    }
  });

  it('visitors get the cached list without counts; admins every study without counts', async () => {
    await createStudy(t.database.db, { status: 'paused' });
    const anon = (await t.app.inject({ url: '/api/tests' })).json();
    expect(anon.hiddenCount).toBeUndefined();
    const admin = await t.app.inject({ url: '/api/tests', headers: { cookie: boss.cookie } });
    expect(admin.json().hiddenCount).toBeUndefined();
    expect(admin.json().tests.some((s: { status: string }) => s.status === 'paused')).toBe(true);
  });
});
