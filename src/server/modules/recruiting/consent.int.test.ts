import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, consentRecords, participants } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, loginAs, participantInput, signIn } from '../../../../test/factories';
import { LEGAL_VERSIONS } from '../../../shared/site';

let t: TestApp;
let now = new Date('2026-12-01T09:00:00Z');
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
});
afterAll(async () => {
  await t.close();
});

const recordsOf = (id: string) =>
  t.database.db
    .select({
      kind: consentRecords.kind,
      value: consentRecords.value,
      source: consentRecords.source,
    })
    .from(consentRecords)
    .where(eq(consentRecords.participantId, id))
    .orderBy(asc(consentRecords.createdAt), asc(consentRecords.kind));
const rowOf = async (id: string) =>
  (await t.database.db.select().from(participants).where(eq(participants.id, id)))[0]!;

const consent = (cookie: string, method: 'GET' | 'PUT' = 'GET', payload?: object) =>
  t.app.inject({
    method,
    url: '/api/me/consent',
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });

describe('consent at registration', () => {
  it('records the current versions and an unticked invitation choice when the form sends none', async () => {
    const { participant } = await createParticipant(t.app);
    const row = await rowOf(participant.id);
    expect(row).toMatchObject({
      termsVersion: LEGAL_VERSIONS.terms,
      privacyVersion: LEGAL_VERSIONS.privacy,
      inviteOptIn: false,
      studyMail: true,
    });
    expect(row.consentedAt?.toISOString()).toBe(now.toISOString());
    expect(await recordsOf(participant.id)).toEqual([
      { kind: 'invitations', value: 'no', source: 'registration' },
      { kind: 'privacy', value: LEGAL_VERSIONS.privacy, source: 'registration' },
      { kind: 'terms', value: LEGAL_VERSIONS.terms, source: 'registration' },
    ]);
    expect((participant as unknown as { inviteOptIn: boolean }).inviteOptIn).toBe(false);
  });

  it('records the invitation choice when ticked, with the versions the form showed', async () => {
    const { participant } = await createParticipant(t.app, {
      termsVersion: LEGAL_VERSIONS.terms,
      privacyVersion: LEGAL_VERSIONS.privacy,
      inviteOptIn: true,
    });
    expect((await rowOf(participant.id)).inviteOptIn).toBe(true);
    expect(await recordsOf(participant.id)).toContainEqual({
      kind: 'invitations',
      value: 'yes',
      source: 'registration',
    });
  });

  it('refuses a form that showed another version of the terms or privacy notice (400, nobody created)', async () => {
    for (const [field, value] of [
      ['termsVersion', '2020-01-01'],
      ['privacyVersion', 'old'],
    ] as const) {
      const input = participantInput({ [field]: value });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/participants/register',
        payload: input,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [field]: expect.stringContaining('reload') });
      const [row] = await t.database.db
        .select()
        .from(participants)
        .where(eq(participants.email, input.email));
      expect(row).toBeUndefined();
    }
  });

  it('refuses an invitation choice that is not a boolean', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/participants/register',
      payload: participantInput({ inviteOptIn: 'yes' }),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['inviteOptIn']);
  });

  it('records consent for a public sign-up too (the current versions, not opted in)', async () => {
    const input = participantInput();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: input,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(participants)
      .where(eq(participants.email, input.email));
    expect(row).toMatchObject({ termsVersion: LEGAL_VERSIONS.terms, inviteOptIn: false });
    expect(await recordsOf(row!.id)).toHaveLength(3);
  });

  it('takes the invitation choice and refuses a stale version on the public sign-up as on registration', async () => {
    const ticked = participantInput({ inviteOptIn: true, termsVersion: LEGAL_VERSIONS.terms });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: ticked });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(participants)
      .where(eq(participants.email, ticked.email));
    expect(row!.inviteOptIn).toBe(true);
    expect(await recordsOf(row!.id)).toContainEqual({
      kind: 'invitations',
      value: 'yes',
      source: 'registration',
    });
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: participantInput({ privacyVersion: 'old' }),
    });
    expect(stale.statusCode).toBe(400);
    expect(Object.keys(stale.json().errors)).toEqual(['privacyVersion']);
  });
});

describe('GET and PUT /api/me/consent', () => {
  it('answers the participant their own consent, with the current versions', async () => {
    const p = await loginAs(t.app, t.database.db, 'participant');
    const res = await consent(p.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.json()).toEqual({
      consent: {
        termsVersion: LEGAL_VERSIONS.terms,
        privacyVersion: LEGAL_VERSIONS.privacy,
        acceptedAt: now.toISOString(),
        needsAcceptance: false,
        current: { terms: LEGAL_VERSIONS.terms, privacy: LEGAL_VERSIONS.privacy },
        inviteOptIn: false,
        studyMail: true,
      },
    });
  });

  it('asks to accept again when the stored versions are not the current ones (none counts)', async () => {
    const p = await loginAs(t.app, t.database.db, 'participant');
    await t.database.db
      .update(participants)
      .set({ termsVersion: null })
      .where(eq(participants.id, p.id));
    expect((await consent(p.cookie)).json().consent.needsAcceptance).toBe(true);
    await t.database.db
      .update(participants)
      .set({ termsVersion: LEGAL_VERSIONS.terms, privacyVersion: '2000-01-01' })
      .where(eq(participants.id, p.id));
    expect((await consent(p.cookie)).json().consent.needsAcceptance).toBe(true);

    now = new Date('2026-12-05T10:00:00Z');
    const accepted = await consent(p.cookie, 'PUT', { acceptCurrent: true });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().consent).toMatchObject({
      termsVersion: LEGAL_VERSIONS.terms,
      privacyVersion: LEGAL_VERSIONS.privacy,
      acceptedAt: now.toISOString(),
      needsAcceptance: false,
    });
    const settings = (await recordsOf(p.id)).filter((r) => r.source === 'settings');
    expect(settings).toEqual([
      { kind: 'privacy', value: LEGAL_VERSIONS.privacy, source: 'settings' },
      { kind: 'terms', value: LEGAL_VERSIONS.terms, source: 'settings' },
    ]);
  });

  it('changes each choice, recording and auditing each change, and nothing when unchanged', async () => {
    const p = await loginAs(t.app, t.database.db, 'participant');
    const on = await consent(p.cookie, 'PUT', { inviteOptIn: true, studyMail: false });
    expect(on.json().consent).toMatchObject({ inviteOptIn: true, studyMail: false });
    expect(await rowOf(p.id)).toMatchObject({ inviteOptIn: true, studyMail: false });
    await consent(p.cookie, 'PUT', { inviteOptIn: true }); // already on: nothing to record
    const settings = (await recordsOf(p.id)).filter((r) => r.source === 'settings');
    expect(settings).toEqual([
      { kind: 'invitations', value: 'yes', source: 'settings' },
      { kind: 'study_mail', value: 'no', source: 'settings' },
    ]);
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceId, p.id), eq(auditLogs.action, 'participant.consent')));
    expect(audits).toHaveLength(1);
  });

  it('refuses an empty change, an unknown field and a wrong type (400)', async () => {
    const p = await loginAs(t.app, t.database.db, 'participant');
    for (const payload of [{}, { acceptCurrent: false }, { inviteOptIn: 'no' }, { other: true }]) {
      expect((await consent(p.cookie, 'PUT', payload)).statusCode).toBe(400);
    }
  });

  it('is the participant\u2019s own: admins 403, visitors 401', async () => {
    const admin = await loginAs(t.app, t.database.db, 'admin');
    expect((await consent(admin.cookie)).statusCode).toBe(403);
    expect((await consent(admin.cookie, 'PUT', { inviteOptIn: true })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/me/consent' })).statusCode).toBe(401);
  });

  it('keeps no consent record once the person is erased', async () => {
    const { input, participant } = await createParticipant(t.app, { inviteOptIn: true });
    const { cookie } = await signIn(t.app, input.email);
    await consent(cookie, 'PUT', { studyMail: false });
    expect((await recordsOf(participant.id)).length).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/participants/${participant.id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(await recordsOf(participant.id)).toEqual([]);
  });
});
