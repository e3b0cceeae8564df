import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';
import { normaliseCriteria, type Screener } from '../../../shared/schemas/recruiting';
import { saveSiteSettings } from '../settings/settings.repo';
import { setProfile } from '../recruiting/recruiting.test-support';
import {
  CHAMA_QUESTION,
  MEMBERS_QUESTION,
  STORY_QUESTION,
} from '../../../../test/support/recruiting';

/**
 * Applying with screener answers (decisions.md sections 6 and 10): eligibility and the
 * block are 403 in their place in the refusal order, answers that do not fit are 400,
 * disqualifying answers are kept as a disqualified application (201, neutral message), and
 * staff filter applicants by answer.
 */
const NOW = new Date('2026-06-15T09:00:00Z');
let t: TestApp;
let boss: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp({ clock: () => NOW });
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const SCREENER: Screener = [
  CHAMA_QUESTION,
  {
    id: 'apps',
    text: 'Which apps do you use?',
    kind: 'multi',
    required: false,
    options: [
      { id: 'mpesa', label: 'M-Pesa', rule: 'neutral' },
      { id: 'tala', label: 'Tala', rule: 'neutral' },
      { id: 'fuliza', label: 'Fuliza', rule: 'disqualify' },
    ],
  },
  MEMBERS_QUESTION,
  STORY_QUESTION,
];

const applyAs = (who: { cookie: string; id: string }, testId: string, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie: who.cookie },
    payload: { participantId: who.id, testId, ...extra },
  });

const screened = (overrides: Parameters<typeof createStudy>[1] = {}) =>
  createStudy(t.database.db, { screener: SCREENER, ...overrides });

const rowsOf = (testId: string) =>
  t.database.db.select().from(applications).where(eq(applications.testId, testId));

describe('eligibility and the block in the refusal order', () => {
  const ADULTS = normaliseCriteria({ ageMin: 18 });

  it('a participant who does not fit the criteria gets 403 application.notEligible, nothing stored', async () => {
    const me = await loginAs(t.app, t.database.db, 'participant');
    await setProfile(t.database.db, me.id, { dateOfBirth: '2012-01-01' });
    const study = await createStudy(t.database.db, { criteria: ADULTS });
    const res = await applyAs(me, study.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This study is looking for a different profile');
    expect(await rowsOf(study.id)).toHaveLength(0);
  });

  it('an empty profile field fails its criterion (403); filled in, the same person gets in', async () => {
    const me = await loginAs(t.app, t.database.db, 'participant');
    const study = await createStudy(t.database.db, { criteria: ADULTS });
    expect((await applyAs(me, study.id)).statusCode).toBe(403);
    await setProfile(t.database.db, me.id, { dateOfBirth: '2000-01-01' });
    expect((await applyAs(me, study.id)).statusCode).toBe(201);
  });

  it('a blocked participant gets 403 application.blocked, even to a study without criteria', async () => {
    const me = await loginAs(t.app, t.database.db, 'participant');
    await setProfile(t.database.db, me.id, { blockedAt: new Date() });
    const study = await createStudy(t.database.db);
    const res = await applyAs(me, study.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your account cannot apply to studies. Please contact us.');
  });

  it('403 comes after 404 and the postponement, before already applied, full and bad answers', async () => {
    const me = await loginAs(t.app, t.database.db, 'participant');
    await setProfile(t.database.db, me.id, { dateOfBirth: '2012-01-01' });
    const paused = await createStudy(t.database.db, { criteria: ADULTS, status: 'paused' });
    expect((await applyAs(me, paused.id)).statusCode).toBe(404);
    const study = await screened({ criteria: ADULTS, maxParticipants: 1, currentParticipants: 1 });
    await t.database.db.insert(applications).values({ participantId: me.id, testId: study.id });
    await saveSiteSettings(t.database.db, { studiesOpen: false }, null);
    try {
      const postponed = await applyAs(me, study.id, { answers: { chama: 'maybe' } });
      expect(postponed.statusCode).toBe(409);
      expect(postponed.json().message).toContain('postponed');
    } finally {
      await saveSiteSettings(t.database.db, { studiesOpen: true }, null);
    }
    const res = await applyAs(me, study.id, { answers: { chama: 'maybe' } });
    expect(res.statusCode).toBe(403);
  });

  it('already applied and full come before answers that do not fit', async () => {
    const me = await loginAs(t.app, t.database.db, 'participant');
    const full = await screened({ maxParticipants: 1, currentParticipants: 1 });
    const fullAnswer = await applyAs(me, full.id, { answers: { chama: 'maybe' } });
    expect(fullAnswer.statusCode).toBe(409);
    expect(fullAnswer.json().message).toBe('Study is full');
    const study = await screened();
    await t.database.db.insert(applications).values({ participantId: me.id, testId: study.id });
    const again = await applyAs(me, study.id, { answers: { chama: 'maybe' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already applied to this test');
  });
});

describe('answers that do not fit the screener: 400 with a message per question', () => {
  const cases: [string, unknown, string][] = [
    ['a missing required answer', {}, 'answers.chama'],
    ['an unknown option', { chama: 'maybe' }, 'answers.chama'],
    ['a list for a single choice', { chama: ['yes'] }, 'answers.chama'],
    ['a number for a single choice', { chama: 1 }, 'answers.chama'],
    ['a text for a multiple choice', { chama: 'yes', apps: 'mpesa' }, 'answers.apps'],
    ['an option twice', { chama: 'yes', apps: ['mpesa', 'mpesa'] }, 'answers.apps'],
    ['a text for a number', { chama: 'yes', members: '12' }, 'answers.members'],
    ['a number too large', { chama: 'yes', members: 1e12 }, 'answers.members'],
    ['a question the study lacks', { chama: 'yes', shoe: 'x' }, 'answers.shoe'],
    ['a NUL byte in a text answer', { chama: 'yes', story: 'we save\u0000' }, 'answers.story'],
    ['a control character in a text answer', { chama: 'yes', story: 'a\u0007b' }, 'answers.story'],
  ];
  for (const [name, answers, field] of cases)
    it(`${name} (400 on ${field}), nothing stored`, async () => {
      const me = await loginAs(t.app, t.database.db, 'participant');
      const study = await screened();
      const res = await applyAs(me, study.id, { answers });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('Please check your answers');
      expect(Object.keys(res.json().errors)).toContain(field);
      expect(await rowsOf(study.id)).toHaveLength(0);
    });

  const malformed: [string, unknown][] = [
    ['answers that are a list', ['yes']],
    ['a question id with capitals', { Chama: 'yes' }],
    ['a text answer over 2000 characters', { chama: 'yes', story: 'x'.repeat(2001) }],
    ['a boolean answer', { chama: true }],
    ['a nested object', { chama: { id: 'yes' } }],
  ];
  for (const [name, answers] of malformed)
    it(`${name} is a malformed body (400)`, async () => {
      const me = await loginAs(t.app, t.database.db, 'participant');
      const study = await screened();
      const res = await applyAs(me, study.id, { answers });
      expect(res.statusCode).toBe(400);
      expect(await rowsOf(study.id)).toHaveLength(0);
    });

  it('an optional question named like an Object property (constructor) left unanswered is not an answer', async () => {
    const study = await createStudy(t.database.db, {
      screener: [
        { id: 'constructor', text: 'Who built your stall?', kind: 'text', required: false },
        { id: 'tostring', text: 'Anything else?', kind: 'text', required: false },
      ],
    });
    const me = await loginAs(t.app, t.database.db, 'participant');
    const res = await applyAs(me, study.id, { answers: {} });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().application.answers).toEqual({});
  });

  it('a study without a screener takes no answers ({} or none is fine)', async () => {
    const study = await createStudy(t.database.db);
    const a = await loginAs(t.app, t.database.db, 'participant');
    const b = await loginAs(t.app, t.database.db, 'participant');
    const c = await loginAs(t.app, t.database.db, 'participant');
    expect((await applyAs(a, study.id, { answers: { chama: 'yes' } })).statusCode).toBe(400);
    const empty = await applyAs(b, study.id, { answers: {} });
    expect(empty.statusCode).toBe(201);
    expect(empty.json().application.answers).toBeNull();
    expect((await applyAs(c, study.id)).statusCode).toBe(201);
  });
});

describe('qualifying and disqualifying answers', () => {
  it('qualifying answers are stored cleaned (text trimmed, empty ones dropped), status interested, no message', async () => {
    const me = await loginAs(t.app, t.database.db, 'participant');
    const study = await screened();
    const res = await applyAs(me, study.id, {
      answers: { chama: 'yes', apps: ['mpesa', 'tala'], members: 12, story: '  We save weekly. ' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBeUndefined();
    expect(res.json().application.status).toBe('interested');
    expect(res.json().application.answers).toEqual({
      chama: 'yes',
      apps: ['mpesa', 'tala'],
      members: 12,
      story: 'We save weekly.',
    });
    const optional = await applyAs(await loginAs(t.app, t.database.db, 'participant'), study.id, {
      answers: { chama: 'yes', apps: [], story: '   ' },
    });
    expect(optional.statusCode).toBe(201);
    expect(optional.json().application.answers).toEqual({ chama: 'yes' });
  });

  const disqualifying: [string, object][] = [
    ['a disqualifying single choice', { chama: 'no' }],
    ['a disqualifying option among several', { chama: 'yes', apps: ['mpesa', 'fuliza'] }],
    ['a number under the minimum', { chama: 'yes', members: 4 }],
    ['a number over the maximum', { chama: 'yes', members: 51 }],
  ];
  for (const [name, answers] of disqualifying)
    it(`${name}: 201 disqualified with the neutral message, takes no place, and a retry is 409`, async () => {
      const me = await loginAs(t.app, t.database.db, 'participant');
      const study = await screened({ maxParticipants: 1 });
      const res = await applyAs(me, study.id, { answers });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe('Thanks. This study is looking for a different profile.');
      expect(res.json().application.status).toBe('disqualified');
      expect(res.json().application.answers).toEqual(answers);
      const retry = await applyAs(me, study.id, { answers: { chama: 'yes' } });
      expect(retry.statusCode).toBe(409);
      expect(retry.json().message).toBe('You have already applied to this test');
      // The one place is still free for someone who qualifies.
      const other = await applyAs(await loginAs(t.app, t.database.db, 'participant'), study.id, {
        answers: { chama: 'yes' },
      });
      expect(other.statusCode).toBe(201);
    });

  it('the disqualified message is in the request’s language', async () => {
    const me = await loginAs(t.app, t.database.db, 'participant');
    const study = await screened();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: me.cookie, 'accept-language': 'sw' },
      payload: { participantId: me.id, testId: study.id, answers: { chama: 'no' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Asante. Utafiti huu unatafuta wasifu tofauti.');
  });
});

describe('staff see and filter by answers', () => {
  it('filters applicants by question:option (single and multiple choices), in the page and its total', async () => {
    const study = await screened({ maxParticipants: 50 });
    const people = await Promise.all(
      Array.from({ length: 4 }, () => loginAs(t.app, t.database.db, 'participant')),
    );
    const given = [
      { chama: 'yes', apps: ['mpesa'] },
      { chama: 'yes', apps: ['tala', 'mpesa'] },
      { chama: 'yes', apps: ['tala'] },
      { chama: 'no' },
    ];
    for (const [i, p] of people.entries())
      expect((await applyAs(p, study.id, { answers: given[i] })).statusCode).toBe(201);
    const list = async (query: string) =>
      (
        await t.app.inject({
          url: `/api/applications?testId=${study.id}&${query}`,
          headers: { cookie: boss.cookie },
        })
      ).json() as { applications: { participantId: string; answers: unknown }[]; total?: number };
    const who = (l: { applications: { participantId: string }[] }) =>
      l.applications.map((a) => a.participantId).sort();

    const mpesa = await list('answer=apps:mpesa');
    expect(who(mpesa)).toEqual([people[0]!.id, people[1]!.id].sort());
    expect(mpesa.applications.find((a) => a.participantId === people[1]!.id)!.answers).toEqual(
      given[1],
    );
    expect(who(await list('answer=chama:no'))).toEqual([people[3]!.id]);
    expect(who(await list('answer=chama:yes'))).toHaveLength(3);
    expect(who(await list('answer=chama:maybe'))).toEqual([]);
    const paged = await list('answer=apps:tala&limit=1');
    expect(paged.applications).toHaveLength(1);
    expect(paged.total).toBe(2);

    // Another study's applicant with the same answer is in that study's list only, and in
    // the list across studies.
    const otherStudy = await screened({ maxParticipants: 50 });
    const elsewhere = await loginAs(t.app, t.database.db, 'participant');
    expect((await applyAs(elsewhere, otherStudy.id, { answers: { chama: 'no' } })).statusCode).toBe(
      201,
    );
    const noHere = await list('answer=chama:no&limit=10');
    expect(who(noHere)).toEqual([people[3]!.id]);
    expect(noHere.total).toBe(1);
    const everywhere = (
      await t.app.inject({
        url: '/api/applications?answer=chama:no&limit=100',
        headers: { cookie: boss.cookie },
      })
    ).json() as { applications: { participantId: string }[] };
    expect(who(everywhere)).toEqual(expect.arrayContaining([people[3]!.id, elsewhere.id]));
  });

  it('refuses a malformed filter (400), NUL bytes included', async () => {
    for (const answer of ['chama', 'chama:', 'Chama:yes', 'chama:yes%00', 'a:b:c'])
      expect(
        (
          await t.app.inject({
            url: `/api/applications?answer=${answer}`,
            headers: { cookie: boss.cookie },
          })
        ).statusCode,
      ).toBe(400);
  });
});
