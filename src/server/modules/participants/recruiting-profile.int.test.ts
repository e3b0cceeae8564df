import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRecords } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, loginAs } from '../../../../test/factories';
import { LEGAL_VERSIONS } from '../../../shared/site';

let t: TestApp;
let me: { cookie: string; id: string };
beforeAll(async () => {
  t = await buildTestApp();
  me = await loginAs(t.app, t.database.db, 'participant');
});
afterAll(async () => {
  await t.close();
});

const put = (payload: object, id = me.id, cookie = me.cookie) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/participants/${id}/profile`,
    headers: { cookie },
    payload,
  });

const full = {
  gender: 'woman',
  county: "Murang'a",
  town: 'Kangema',
  employment: 'self_employed',
  incomeBand: '10k_30k',
  languages: ['kiswahili', 'kikuyu'],
  devices: ['android_phone'],
  mobileMoney: ['mpesa', 'airtel_money'],
  internetAccess: 'mobile_only',
  dateOfBirth: '1990-04-02',
  occupation: 'Tailor',
  education: "Bachelor's Degree",
};

describe('the research profile (decisions.md section 10)', () => {
  it('stores every field; the answer and GET carry them', async () => {
    const res = await put(full);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().participant).toMatchObject(full);
    const got = await t.app.inject({
      url: `/api/participants/${me.id}`,
      headers: { cookie: me.cookie },
    });
    expect(got.json().participant).toMatchObject(full);
  });

  it("clears a choice with '' and a list with []", async () => {
    await put(full);
    const res = await put({ gender: '', county: '', town: '', languages: [], devices: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().participant).toMatchObject({
      gender: null,
      county: null,
      town: null,
      languages: [],
      devices: [],
      employment: 'self_employed',
      mobileMoney: ['mpesa', 'airtel_money'],
    });
  });

  it('refuses unknown counties and options, a value twice in a list, NUL bytes and wrong types (400, nothing stored)', async () => {
    await put({ county: 'Nairobi', town: 'Kibera' });
    for (const [field, value] of [
      ['county', 'Atlantis'],
      ['county', 'nairobi'],
      ['gender', 'other'],
      ['employment', 'astronaut'],
      ['incomeBand', '1m_plus'],
      ['internetAccess', 'fibre'],
      ['languages', ['english', 'english']],
      ['languages', ['klingon']],
      ['devices', 'android_phone'],
      ['mobileMoney', [1]],
      ['town', 'Kib\u0000era'],
      ['town', 'x'.repeat(101)],
      ['town', 42],
      ['inviteOptIn', 'yes'],
      ['gender', null],
    ] as const) {
      const res = await put({ [field]: value });
      expect(res.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
      const fields = Object.keys(res.json().errors ?? {});
      expect(
        fields.some((f) => f === field || f.startsWith(`${field}.`)),
        field,
      ).toBe(true);
    }
    const got = await t.app.inject({
      url: `/api/participants/${me.id}`,
      headers: { cookie: me.cookie },
    });
    expect(got.json().participant).toMatchObject({ county: 'Nairobi', town: 'Kibera' });
  });

  it("refuses another participant's profile (403), and an admin's write (403)", async () => {
    const other = await createParticipant(t.app);
    expect((await put({ gender: 'man' }, other.participant.id)).statusCode).toBe(403);
    const admin = await loginAs(t.app, t.database.db, 'admin');
    expect((await put({ gender: 'man' }, me.id, admin.cookie)).statusCode).toBe(403);
    // Admins read it (personal data: self and admins only).
    const read = await t.app.inject({
      url: `/api/participants/${me.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().participant).toHaveProperty('county');
    const stranger = await loginAs(t.app, t.database.db, 'participant');
    const refused = await t.app.inject({
      url: `/api/participants/${me.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('records a change of the invitation choice made on the profile as consent', async () => {
    const p = await loginAs(t.app, t.database.db, 'participant');
    const res = await put({ inviteOptIn: true }, p.id, p.cookie);
    expect(res.json().participant.inviteOptIn).toBe(true);
    await put({ inviteOptIn: true }, p.id, p.cookie); // unchanged: nothing more recorded
    const records = await t.database.db
      .select({ value: consentRecords.value })
      .from(consentRecords)
      .where(and(eq(consentRecords.participantId, p.id), eq(consentRecords.source, 'settings')));
    expect(records).toEqual([{ value: 'yes' }]);
  });

  it('puts the profile, the consent and its records in "Download my data"', async () => {
    const p = await loginAs(t.app, t.database.db, 'participant');
    await put(full, p.id, p.cookie);
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/consent',
      headers: { cookie: p.cookie },
      payload: { studyMail: false },
    });
    const res = await t.app.inject({ url: '/api/me/export', headers: { cookie: p.cookie } });
    expect(res.statusCode).toBe(200);
    const data = JSON.parse(res.body);
    expect(data.participant).toMatchObject(full);
    expect(data.consent).toMatchObject({
      termsVersion: LEGAL_VERSIONS.terms,
      privacyVersion: LEGAL_VERSIONS.privacy,
      inviteOptIn: false,
      studyMail: false,
    });
    expect(data.consent.records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'terms', source: 'registration' }),
        expect.objectContaining({ kind: 'study_mail', value: 'no', source: 'settings' }),
      ]),
    );
    expect(data.invitations).toEqual([]);
    expect(res.body).not.toMatch(/passwordHash|password_hash|argon2/);
  });
});
