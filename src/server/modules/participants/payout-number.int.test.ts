import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, mailOutbox, participants, smsOutbox } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import {
  createParticipant,
  loginAs,
  participantInput,
  signIn,
  TEST_PASSWORD,
} from '../../../../test/factories';

/**
 * The payout number (decisions.md section 11): where M-Pesa payouts go, the phone unless
 * changed; a change needs the current password (counted like a sign-in) and is told by SMS
 * to the old number and by mail to the participant.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { CONTACT_EMAIL: 'care@insightlab.test' } });
});
afterAll(async () => {
  await t.close();
});

const KENYAN_MOBILE = 'Enter a Kenyan mobile number, e.g. 0712 345 678';
const PASSWORD_MISSING = 'Please enter your current password to change your payout number.';
const digits = () => String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
/** A fresh Kenyan mobile number: as typed (`07…`) and in E.164. */
function newNumber(prefix: '7' | '1' = '7') {
  const rest = digits();
  return {
    typed: `0${prefix}${rest.slice(0, 2)} ${rest.slice(2, 5)} ${rest.slice(5)}`,
    e164: `+254${prefix}${rest}`,
  };
}

async function person(overrides: Record<string, unknown> = {}) {
  const { input, participant } = await createParticipant(t.app, overrides);
  const { cookie } = await signIn(t.app, input.email, input.password);
  return { input, id: participant.id, cookie };
}
type Person = Awaited<ReturnType<typeof person>>;

const change = (
  p: { cookie: string } | null,
  payload: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/me/payout-number',
    headers: {
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
      ...(p ? { cookie: p.cookie } : {}),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const profile = async (p: Person) =>
  (await t.app.inject({ url: `/api/participants/${p.id}`, headers: { cookie: p.cookie } })).json()
    .participant;

async function storedPayoutPhone(id: string) {
  const [row] = await t.database.db
    .select({ payoutPhone: participants.payoutPhone })
    .from(participants)
    .where(eq(participants.id, id));
  return row!.payoutPhone;
}

const smsTo = (phone: string) =>
  t.database.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.toPhone, phone), eq(smsOutbox.kind, 'payout-number-changed')));

const mailTo = (email: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'payout-number-changed')))
    .orderBy(desc(mailOutbox.createdAt));

describe('the payout number shows on the participant’s own profile', () => {
  it('is the phone until changed: payoutPhone is the phone and payoutPhoneIsPhone true', async () => {
    const p = await person();
    const me = await profile(p);
    expect(me.payoutPhone).toBe(p.input.phone);
    expect(me.payoutPhoneIsPhone).toBe(true);
    expect(await storedPayoutPhone(p.id)).toBeNull();
  });
});

describe('changing the payout number with the current password', () => {
  it('stores it in E.164, answers it, shows it on the profile, texts the OLD number (last 3 digits only) and mails the participant', async () => {
    const p = await person({ firstName: 'Wanjiku' });
    const next = newNumber('1');
    const res = await change(p, { payoutPhone: next.typed, currentPassword: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ payoutPhone: next.e164 });
    expect(res.headers['cache-control']).toContain('no-store');
    expect(await storedPayoutPhone(p.id)).toBe(next.e164);
    const me = await profile(p);
    expect(me.payoutPhone).toBe(next.e164);
    expect(me.payoutPhoneIsPhone).toBe(false);
    expect(me.phone).toBe(p.input.phone);

    const [sms, ...moreSms] = await smsTo(p.input.phone);
    expect(moreSms).toEqual([]);
    expect(sms!.body).toBe(
      `InsightLab: The M-Pesa number for your study payments was changed to one ending in ${next.e164.slice(-3)}. Not you? Write to care@insightlab.test at once.`,
    );
    expect(await smsTo(next.e164)).toEqual([]);

    const [mail, ...moreMail] = await mailTo(p.input.email);
    expect(moreMail).toEqual([]);
    expect(mail!.subject).toBe('Your InsightLab payout number was changed');
    expect(mail!.textBody).toContain('Hello Wanjiku');
    expect(mail!.textBody).toContain(`the number ending in ${next.e164.slice(-3)}`);
    expect(mail!.textBody).toContain('care@insightlab.test');
    expect(mail!.textBody).toContain('/participant/dashboard?tab=profile');
    // Never the whole new number, in any form it can be written.
    for (const body of [sms!.body, mail!.textBody, mail!.htmlBody ?? '', mail!.subject]) {
      expect(body).not.toContain(next.e164.slice(4));
      expect(body).not.toContain(next.e164.slice(-6));
    }

    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.resourceId, p.id),
          eq(auditLogs.action, 'participant.payout_phone.change'),
        ),
      );
    expect(audit!.userId).toBe(p.id);
    expect(audit!.details).toEqual({
      fromEnding: p.input.phone.slice(-3),
      toEnding: next.e164.slice(-3),
      toPhone: false,
    });
  });

  it('texts the previous payout number on a second change, and back to the phone stores null', async () => {
    const p = await person();
    const first = newNumber();
    const second = newNumber();
    expect(
      (await change(p, { payoutPhone: first.e164, currentPassword: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    expect(
      (await change(p, { payoutPhone: second.typed, currentPassword: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    expect(await smsTo(first.e164)).toHaveLength(1);
    expect(await smsTo(p.input.phone)).toHaveLength(1);

    // Typed as people write their own phone: the same number, so nothing is kept apart.
    const phoneTyped = `0${p.input.phone.slice(4)}`;
    const back = await change(p, { payoutPhone: phoneTyped, currentPassword: TEST_PASSWORD });
    expect(back.json()).toEqual({ payoutPhone: p.input.phone });
    expect(await storedPayoutPhone(p.id)).toBeNull();
    expect((await profile(p)).payoutPhoneIsPhone).toBe(true);
    expect(await smsTo(second.e164)).toHaveLength(1);
    expect(await mailTo(p.input.email)).toHaveLength(3);
  });

  it('changes and tells nothing when the number is the one payouts already go to', async () => {
    const p = await person();
    const res = await change(p, { payoutPhone: p.input.phone, currentPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ payoutPhone: p.input.phone });
    expect(await smsTo(p.input.phone)).toEqual([]);
    expect(await mailTo(p.input.email)).toEqual([]);
    expect(await storedPayoutPhone(p.id)).toBeNull();
  });

  it('tells a Kiswahili participant in Kiswahili, whatever the language of the request', async () => {
    const p = await person({ language: 'sw', firstName: 'Baraka' });
    const next = newNumber();
    const res = await change(
      p,
      { payoutPhone: next.typed, currentPassword: TEST_PASSWORD },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(200);
    const [sms] = await smsTo(p.input.phone);
    expect(sms!.body).toBe(
      `InsightLab: Nambari ya M-Pesa ya malipo yako ya tafiti imebadilishwa kuwa inayoishia ${next.e164.slice(-3)}. Si wewe? Tuandikie care@insightlab.test mara moja.`,
    );
    const [mail] = await mailTo(p.input.email);
    expect(mail!.subject).toBe('Nambari ya malipo ya akaunti yako ya InsightLab imebadilishwa');
    expect(mail!.textBody).toContain('Habari Baraka');
    expect(mail!.textBody).toContain(`nambari inayoishia ${next.e164.slice(-3)}`);
  });
});

describe('a change without the right password changes nothing and tells nobody', () => {
  for (const [name, payload] of [
    ['missing', {}],
    ['empty', { currentPassword: '' }],
  ] as const) {
    it(`refuses a ${name} current password: 400 on the field, in English and Kiswahili`, async () => {
      const p = await person();
      const body = { payoutPhone: newNumber().typed, ...payload };
      const res = await change(p, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ currentPassword: PASSWORD_MISSING });
      const sw = await change(p, body, { 'accept-language': 'sw' });
      expect(sw.json().errors).toEqual({
        currentPassword: 'Tafadhali weka nenosiri lako la sasa ili kubadilisha nambari ya malipo.',
      });
      expect(await storedPayoutPhone(p.id)).toBeNull();
      expect(await smsTo(p.input.phone)).toEqual([]);
      expect(await mailTo(p.input.email)).toEqual([]);
    });
  }

  it('counts a wrong current password as a sign-in failure: the 5th locks (423), even for the right one', async () => {
    const p = await person();
    const next = newNumber();
    const statuses: number[] = [];
    let first: { errors?: Record<string, string> } | undefined;
    for (let i = 0; i < 5; i++) {
      const res = await change(p, { payoutPhone: next.typed, currentPassword: `Not-it-${i}` });
      statuses.push(res.statusCode);
      first ??= res.json();
    }
    expect(statuses).toEqual([400, 400, 400, 400, 423]);
    expect(first!.errors).toEqual({ currentPassword: 'Current password is incorrect.' });
    const right = await change(p, { payoutPhone: next.typed, currentPassword: TEST_PASSWORD });
    expect(right.statusCode).toBe(423);
    // The same count as sign-in: the account is locked there too, from this address.
    const signInNow = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: p.input.email, password: TEST_PASSWORD },
    });
    expect(signInNow.statusCode).toBe(423);
    expect(await storedPayoutPhone(p.id)).toBeNull();
    expect(await smsTo(p.input.phone)).toEqual([]);

    const refusals = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.resourceId, p.id),
          eq(auditLogs.action, 'auth.payout_phone.change_failed'),
        ),
      );
    expect(refusals).toHaveLength(5);
  });

  it('shares the count with sign-in: 4 wrong sign-ins, then a wrong password here, locks the pair', async () => {
    const p = await person();
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: p.input.email, password: `Wrong-${i}-guess` },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await change(p, { payoutPhone: newNumber().typed, currentPassword: 'Wrong-4' });
    expect(res.statusCode).toBe(423);
  });

  it('a right password resets the count, as a sign-in does', async () => {
    const p = await person();
    for (let i = 0; i < 4; i++)
      await change(p, { payoutPhone: newNumber().typed, currentPassword: `Not-it-${i}` });
    expect(
      (await change(p, { payoutPhone: newNumber().typed, currentPassword: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const wrongAgain = await change(p, { payoutPhone: newNumber().typed, currentPassword: 'x-1' });
    expect(wrongAgain.statusCode).toBe(400);
  });
});

describe('only Kenyan mobile numbers are taken', () => {
  it.each([
    ['a UK mobile', '+44 7911 123456'],
    ['a Nairobi landline', '020 2222222'],
    ['a Nairobi landline in E.164', '+254202222222'],
    ['too short', '0712 345'],
    ['letters', 'call 0712345678'],
    ['empty', ''],
    ['a NUL byte', '0712\u0000345678'],
    ['a line break', '0712345678\n'],
    ['too long', '0'.repeat(5000)],
  ])('refuses %s with the field message and changes nothing', async (_name, payoutPhone) => {
    const p = await person();
    const res = await change(p, { payoutPhone, currentPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ payoutPhone: KENYAN_MOBILE });
    expect(await storedPayoutPhone(p.id)).toBeNull();
    expect(await smsTo(p.input.phone)).toEqual([]);
  });

  it('says it in Kiswahili', async () => {
    const p = await person();
    const res = await change(
      p,
      { payoutPhone: '+44 7911 123456', currentPassword: TEST_PASSWORD },
      { 'accept-language': 'sw' },
    );
    expect(res.json().errors.payoutPhone).toBe(
      'Weka nambari ya simu ya mkononi ya Kenya, k.m. 0712 345 678',
    );
  });

  it('takes every Kenyan form of a number: 07…, 01…, 2547…, +254 1…', async () => {
    const p = await person();
    const rest = digits();
    for (const [typed, e164] of [
      [`07${rest}`, `+2547${rest}`],
      [`2541${rest}`, `+2541${rest}`],
      [`+254 7${rest.slice(0, 2)} ${rest.slice(2)}`, `+2547${rest}`],
      [`(01${rest.slice(0, 2)}) ${rest.slice(2)}`, `+2541${rest}`],
    ]) {
      const res = await change(p, { payoutPhone: typed, currentPassword: TEST_PASSWORD });
      expect(res.json(), typed).toEqual({ payoutPhone: e164 });
    }
  });
});

describe('hostile input never changes the number and never answers 500', () => {
  it.each([
    ['a number for the phone', { payoutPhone: 712345678, currentPassword: TEST_PASSWORD }],
    ['an array for the phone', { payoutPhone: ['0712345678'], currentPassword: TEST_PASSWORD }],
    [
      'an object for the phone',
      { payoutPhone: { e164: '+254712345678' }, currentPassword: TEST_PASSWORD },
    ],
    ['null for the phone', { payoutPhone: null, currentPassword: TEST_PASSWORD }],
    ['a number for the password', { payoutPhone: '0712345678', currentPassword: 123456 }],
    ['a NUL byte in the password', { payoutPhone: '0712345678', currentPassword: 'Plum\u0000' }],
    ['a huge password', { payoutPhone: '0712345678', currentPassword: 'x'.repeat(10_000) }],
    ['an array body', [{ payoutPhone: '0712345678', currentPassword: TEST_PASSWORD }]],
    ['a JSON string body', '"0712345678"'],
  ])('%s: 400 with a message', async (_name, payload) => {
    const p = await person();
    const res = await change(p, payload);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
    expect(await storedPayoutPhone(p.id)).toBeNull();
    expect(await smsTo(p.input.phone)).toEqual([]);
  });

  it('a body that is not JSON: 415, never read', async () => {
    const p = await person();
    const res = await change(p, 'payoutPhone=0712345678', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(415);
    expect(await storedPayoutPhone(p.id)).toBeNull();
  });

  it('no body at all: 400', async () => {
    const p = await person();
    const res = await change(p, undefined);
    expect(res.statusCode).toBe(400);
  });

  it('a participant cannot change another participant’s number: an id in the body changes only their own', async () => {
    const victim = await person();
    const attacker = await person();
    const next = newNumber();
    const res = await change(attacker, {
      payoutPhone: next.typed,
      currentPassword: TEST_PASSWORD,
      participantId: victim.id,
      id: victim.id,
    });
    expect(res.statusCode).toBe(200);
    expect(await storedPayoutPhone(victim.id)).toBeNull();
    expect(await storedPayoutPhone(attacker.id)).toBe(next.e164);
    expect(await smsTo(victim.input.phone)).toEqual([]);
  });

  it('the victim’s password does not help another participant either', async () => {
    const victim = await person();
    const attacker = await person({ password: 'Other-Secret-Key-9' });
    const res = await change(attacker, {
      payoutPhone: newNumber().typed,
      currentPassword: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ currentPassword: 'Current password is incorrect.' });
    expect(await storedPayoutPhone(victim.id)).toBeNull();
  });

  it('admins are refused (403) and visitors asked to sign in (401)', async () => {
    for (const role of ['admin', 'super_admin'] as const) {
      const admin = await loginAs(t.app, t.database.db, role);
      const res = await change(admin, {
        payoutPhone: newNumber().typed,
        currentPassword: TEST_PASSWORD,
      });
      expect(res.statusCode).toBe(403);
    }
    expect(
      (await change(null, { payoutPhone: newNumber().typed, currentPassword: TEST_PASSWORD }))
        .statusCode,
    ).toBe(401);
  });
});

describe('a phone change on the profile never moves the payout number', () => {
  it('keeps paying the old phone (now the payout number) until the number is changed with the password', async () => {
    const p = await person();
    const newPhone = participantInput().phone;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/participant/profile',
      headers: { cookie: p.cookie },
      payload: {
        firstName: p.input.firstName,
        lastName: p.input.lastName,
        email: p.input.email,
        phone: newPhone,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const me = res.json().participant;
    expect(me.phone).toBe(newPhone);
    expect(me.payoutPhone).toBe(p.input.phone);
    expect(me.payoutPhoneIsPhone).toBe(false);
    expect(await storedPayoutPhone(p.id)).toBe(p.input.phone);
  });

  it('a new phone equal to the payout number makes them one again', async () => {
    const p = await person();
    const next = newNumber();
    await change(p, { payoutPhone: next.typed, currentPassword: TEST_PASSWORD });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/participants/${p.id}/profile`,
      headers: { cookie: p.cookie },
      payload: { phone: next.e164 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().participant.payoutPhoneIsPhone).toBe(true);
    expect(await storedPayoutPhone(p.id)).toBeNull();
  });
});

describe('self writes are rate limited', () => {
  it('answers 429 past the per-user write limit, and the number stays', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_WRITES_PER_MIN: '2' } });
    try {
      const { input, participant } = await createParticipant(limited.app);
      const { cookie } = await signIn(limited.app, input.email);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: 'PUT',
          url: '/api/me/payout-number',
          headers: { cookie },
          payload: { payoutPhone: newNumber().typed, currentPassword: TEST_PASSWORD },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
      const [row] = await limited.database.db
        .select({ payoutPhone: participants.payoutPhone })
        .from(participants)
        .where(eq(participants.id, participant.id));
      expect(row!.payoutPhone).not.toBeNull();
    } finally {
      await limited.close();
    }
  });
});
