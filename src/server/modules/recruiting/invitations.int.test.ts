import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  auditLogs,
  invitations,
  mailOutbox,
  participants,
  smsOutbox,
} from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';
import { normaliseCriteria } from '../../../shared/schemas/recruiting';
import { unsubscribeSignerFor } from './unsubscribe-token';
import { insertPeople, profileOf, type TestProfile } from './recruiting.test-support';

/**
 * Matching counts and invitations (decisions.md section 10, docs/decisions/036-recruiting.md):
 * who fits a study, who may be invited, and inviting them once, least recently invited
 * first, through the outboxes with a one-click unsubscribe.
 */
const DAY = 24 * 3600_000;
const START = new Date('2026-06-15T09:00:00Z');
let now = START;
let t: TestApp;
let boss: { cookie: string; id: string };
beforeAll(async () => {
  // An SMS provider is configured: invitations go by SMS too (the worker is not running).
  t = await buildTestApp({
    clock: () => now,
    env: { SMS_URL: 'africastalking://sandbox:key@', PUBLIC_URL: 'https://insightlab.example' },
  });
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

/** Each study here looks for people in a county of its own, so tests never share people. */
let countyIndex = 0;
const COUNTIES = ['Kisumu', 'Nakuru', 'Kiambu', 'Machakos', 'Nyeri', 'Kericho', 'Bomet', 'Embu'];
async function newScope(status: 'active' | 'paused' = 'active') {
  const county = COUNTIES[countyIndex++ % COUNTIES.length]!;
  const study = await createStudy(t.database.db, {
    status,
    criteria: normaliseCriteria({ counties: [county as 'Kisumu'], ageMin: 18 }),
  });
  const people = (profiles: TestProfile[]) =>
    insertPeople(
      t.database.db,
      profiles.map((p) => ({ county, dateOfBirth: '1990-05-05', ...p })),
    );
  return { study, county, people };
}

const matches = (testId: string, cookie = boss.cookie) =>
  t.app.inject({ url: `/api/tests/${testId}/matches`, headers: { cookie } });
const invite = (testId: string, body: unknown, cookie = boss.cookie) =>
  t.app.inject({
    method: 'POST',
    url: `/api/tests/${testId}/invitations`,
    headers: { cookie },
    payload: body as object,
  });
const invitedTo = async (testId: string) =>
  (
    await t.database.db
      .select({ id: invitations.participantId })
      .from(invitations)
      .where(eq(invitations.testId, testId))
  ).map((r) => r.id);
const mailTo = (addresses: string[]) =>
  addresses.length === 0
    ? Promise.resolve([])
    : t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses));

describe('GET /api/tests/{id}/matches', () => {
  it('counts the eligible who have not applied, and the invitable among them', async () => {
    const { study, people } = await newScope();
    const [fresh1, fresh2, , , recent, applied] = await people([
      { inviteOptIn: true },
      { inviteOptIn: true, lastInvitedAt: new Date(now.getTime() - 30 * DAY) },
      { inviteOptIn: false },
      { inviteOptIn: false },
      { inviteOptIn: true, lastInvitedAt: new Date(now.getTime() - 2 * DAY) },
      { inviteOptIn: true },
      // Not eligible: too young, no birth date, blocked, inactive.
      { inviteOptIn: true, dateOfBirth: '2012-01-01' },
      { inviteOptIn: true, dateOfBirth: null },
      { inviteOptIn: true, blockedAt: new Date() },
      { inviteOptIn: true, isActive: false },
    ]);
    await t.database.db.insert(applications).values({ participantId: applied!, testId: study.id });
    const res = await matches(study.id);
    expect(res.statusCode).toBe(200);
    // Eligible, not applied: fresh1, fresh2, two opted out, recent. Invitable: fresh1, fresh2.
    expect(res.json()).toEqual({ total: 5, invitable: 2, estimated: false, cooldownDays: 7 });
    expect([fresh1, fresh2, recent]).toHaveLength(3);
  });

  it('is for admins: a participant gets 403, a visitor 401, an unknown study 404', async () => {
    const { study } = await newScope();
    const me = await loginAs(t.app, t.database.db, 'participant');
    expect((await matches(study.id, me.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/tests/${study.id}/matches` })).statusCode).toBe(401);
    expect((await matches('9b7a3c1e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await matches('not-a-uuid')).statusCode).toBe(400);
  });
});

describe('POST /api/tests/{id}/invitations', () => {
  it('invites up to the limit, least recently invited first, and says who was skipped and why', async () => {
    const { study, people } = await newScope();
    const ids = await people([
      { inviteOptIn: true, lastInvitedAt: new Date(now.getTime() - 10 * DAY) },
      { inviteOptIn: true }, // never invited: first
      { inviteOptIn: true, lastInvitedAt: new Date(now.getTime() - 60 * DAY) },
      { inviteOptIn: false },
      { inviteOptIn: true, lastInvitedAt: new Date(now.getTime() - 3 * DAY) }, // cooldown
    ]);
    const [tenDays, never, sixtyDays, , cooling] = ids as [string, string, string, string, string];
    const res = await invite(study.id, { limit: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      invited: 2,
      skipped: { cooldown: 1, optedOut: 1, alreadyInvited: 0 },
    });
    expect((await invitedTo(study.id)).sort()).toEqual([never, sixtyDays].sort());
    for (const id of [never, sixtyDays])
      expect((await profileOf(t.database.db, id)).lastInvitedAt).toEqual(now);

    // Again: the one left is invited; those already invited are counted as such.
    const second = await invite(study.id, { limit: 10 });
    expect(second.json()).toEqual({
      invited: 1,
      skipped: { cooldown: 1, optedOut: 1, alreadyInvited: 2 },
    });
    expect((await invitedTo(study.id)).sort()).toEqual([never, sixtyDays, tenDays].sort());
    const third = await invite(study.id, { limit: 10 });
    expect(third.json().invited).toBe(0);
    expect(await invitedTo(study.id)).not.toContain(cooling);
    expect((await matches(study.id)).json()).toEqual({
      total: 5,
      invitable: 0,
      estimated: false,
      cooldownDays: 7,
    });

    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'study.invite'), eq(auditLogs.resourceId, study.id)));
    expect(audits).toHaveLength(3);
    expect(audits.map((a) => (a.details as { invited: number }).invited).sort()).toEqual([0, 1, 2]);
  });

  it('mails each person once in their language, with the study, the pay, the dashboard and a one-click unsubscribe', async () => {
    const { study, people } = await newScope();
    const [en, sw] = (await people([
      { inviteOptIn: true, firstName: 'Akinyi', language: 'en' },
      { inviteOptIn: true, firstName: 'Baraka', language: 'sw' },
    ])) as [string, string];
    expect((await invite(study.id, { limit: 5 })).json().invited).toBe(2);
    const signer = await unsubscribeSignerFor(t.database.db, t.config.publicUrl);
    const [enPerson, swPerson] = [
      await profileOf(t.database.db, en),
      await profileOf(t.database.db, sw),
    ];
    const mails = await mailTo([enPerson.email, swPerson.email]);
    expect(mails).toHaveLength(2);
    const english = mails.find((m) => m.toAddress === enPerson.email)!;
    const swahili = mails.find((m) => m.toAddress === swPerson.email)!;
    expect(english.kind).toBe('study-invitation');
    expect(english.subject).toBe(`A study that fits you: ${study.title}`);
    expect(english.textBody).toContain('Hello Akinyi,');
    expect(english.textBody).toMatch(/Ksh\s1,500 and takes about 2 hours/);
    expect(english.textBody).toContain('https://insightlab.example/participant/dashboard');
    const url = signer.url(en, 'invitations');
    expect(url).toMatch(/^https:\/\/insightlab\.example\/api\/unsubscribe\//);
    // The link a person clicks opens the page (the API takes POST only); the header is the API.
    const page = signer.pageUrl(en, 'invitations', 'en');
    expect(page).toMatch(/^https:\/\/insightlab\.example\/unsubscribe\?token=[^&]+$/);
    expect(english.textBody).toContain(page);
    expect(english.textBody).not.toContain(url);
    expect(english.htmlBody).toContain(`href="${page}"`);
    expect(english.headers).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(swahili.subject).toBe(`Utafiti unaokufaa: ${study.title}`);
    expect(swahili.headers!['List-Unsubscribe']).toBe(`<${signer.url(sw, 'invitations')}>`);
    expect(swahili.textBody).not.toContain(page);
    // A Kiswahili mail opens the page in Kiswahili: its reader may have no language cookie yet.
    const swPage = signer.pageUrl(sw, 'invitations', 'sw');
    expect(swPage).toMatch(/\/unsubscribe\?token=[^&]+&lang=sw$/);
    expect(swahili.textBody).toContain(swPage);

    const texts = await t.database.db
      .select()
      .from(smsOutbox)
      .where(inArray(smsOutbox.toPhone, [enPerson.phone, swPerson.phone]));
    expect(texts).toHaveLength(2);
    expect(texts.find((s) => s.toPhone === enPerson.phone)!.body).toMatch(
      /^InsightLab: A paid study may fit you: /,
    );
    expect(texts.find((s) => s.toPhone === swPerson.phone)!.body).toMatch(
      /^InsightLab: Utafiti wa kulipwa/,
    );
  });

  it('keeps the cooldown across studies, on the injected clock', async () => {
    const first = await newScope();
    const ids = await first.people([{ inviteOptIn: true }, { inviteOptIn: true }]);
    const second = await createStudy(t.database.db, { criteria: first.study.criteria });
    expect((await invite(first.study.id, { limit: 10 })).json().invited).toBe(2);
    const blocked = await invite(second.id, { limit: 10 });
    expect(blocked.json()).toEqual({
      invited: 0,
      skipped: { cooldown: 2, optedOut: 0, alreadyInvited: 0 },
    });
    try {
      now = new Date(START.getTime() + 7 * DAY - 1000);
      expect((await invite(second.id, { limit: 10 })).json().invited).toBe(0);
      now = new Date(START.getTime() + 7 * DAY + 1000);
      expect((await matches(second.id)).json()).toEqual({
        total: 2,
        invitable: 2,
        estimated: false,
        cooldownDays: 7,
      });
      expect((await invite(second.id, { limit: 10 })).json().invited).toBe(2);
      // Still never twice to the same study, however long ago.
      now = new Date(START.getTime() + 90 * DAY);
      expect((await invite(first.study.id, { limit: 10 })).json()).toEqual({
        invited: 0,
        skipped: { cooldown: 0, optedOut: 0, alreadyInvited: 2 },
      });
    } finally {
      now = START;
    }
    expect((await invitedTo(second.id)).sort()).toEqual([...ids].sort());
  });

  it('never invites anyone twice when admins click at once, on one study or two', async () => {
    const one = await newScope();
    const ids = await one.people(Array.from({ length: 30 }, () => ({ inviteOptIn: true })));
    const two = await createStudy(t.database.db, { criteria: one.study.criteria });
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => invite(one.study.id, { limit: 12 })),
      ...Array.from({ length: 4 }, () => invite(two.id, { limit: 12 })),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const invited = answers.reduce((sum, a) => sum + (a.json().invited as number), 0);
    // The cooldown covers every study: each person is invited once in all.
    expect(invited).toBe(30);
    const rows = await t.database.db
      .select({ id: invitations.participantId })
      .from(invitations)
      .where(inArray(invitations.participantId, ids));
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.id)).size).toBe(30);
    const emails = (
      await t.database.db
        .select({ email: participants.email })
        .from(participants)
        .where(inArray(participants.id, ids))
    ).map((r) => r.email);
    expect(await mailTo(emails)).toHaveLength(30);
  });

  it('refuses a study that is not active (409) and an unknown one (404), inviting nobody', async () => {
    const { study, people } = await newScope('paused');
    await people([{ inviteOptIn: true }]);
    const res = await invite(study.id, { limit: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Only an active study can invite participants: activate it first',
    );
    expect(await invitedTo(study.id)).toEqual([]);
    expect((await invite('9b7a3c1e-0000-4000-8000-000000000000', { limit: 5 })).statusCode).toBe(
      404,
    );
  });

  it('takes a limit of 1 to 10,000 and nothing else (400): other people’s ids are no part of it', async () => {
    const { study, people } = await newScope();
    const [someone] = (await people([{ inviteOptIn: false }])) as [string];
    for (const body of [
      {},
      { limit: 0 },
      { limit: 10_001 },
      { limit: 1.5 },
      { limit: '5' },
      { limit: 5, participantIds: [someone] },
    ])
      expect((await invite(study.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect(await invitedTo(study.id)).toEqual([]);
  });

  it('is for admins: a participant gets 403, a visitor 401, and nobody is invited', async () => {
    const { study, people } = await newScope();
    await people([{ inviteOptIn: true }]);
    const me = await loginAs(t.app, t.database.db, 'participant');
    expect((await invite(study.id, { limit: 5 }, me.cookie)).statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/tests/${study.id}/invitations`,
      payload: { limit: 5 },
    });
    expect(anon.statusCode).toBe(401);
    expect(await invitedTo(study.id)).toEqual([]);
  });
});
