import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, participants } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, signIn, TEST_PASSWORD } from '../../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const fresh = () => `new.${Math.random().toString(16).slice(2, 10)}@example.com`;

async function person() {
  const { input, participant } = await createParticipant(t.app, { firstName: 'Evilname' });
  const first = await signIn(t.app, input.email);
  const second = await signIn(t.app, input.email);
  return { input, id: participant.id, cookie: first.cookie, otherCookie: second.cookie };
}

const putProfile = (cookie: string, payload: object, url = '/api/participant/profile') =>
  t.app.inject({ method: 'PUT', url, headers: { cookie }, payload });

const accountForm = (p: Awaited<ReturnType<typeof person>>, extra: object) => ({
  firstName: p.input.firstName,
  lastName: p.input.lastName,
  email: p.input.email,
  phone: p.input.phone,
  ...extra,
});

async function emailOf(id: string) {
  const [row] = await t.database.db.select().from(participants).where(eq(participants.id, id));
  return row!.email;
}

async function requestResetToken(email: string): Promise<string> {
  await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'password-reset')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return /token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
}

const session = (cookie: string) => t.app.inject({ url: '/api/auth/session', headers: { cookie } });

describe('changing the e-mail on the profile needs the current password', () => {
  for (const route of ['/api/participant/profile', '/api/participants/:id/profile']) {
    it(`refuses a new e-mail without currentPassword (400 on the field), on ${route}`, async () => {
      const p = await person();
      const url = route.replace(':id', p.id);
      const payload = url.endsWith('/api/participant/profile')
        ? accountForm(p, { email: fresh() })
        : { email: fresh() };
      const res = await putProfile(p.cookie, payload, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.currentPassword).toBe(
        'Please enter your current password to change your email.',
      );
      expect(await emailOf(p.id)).toBe(p.input.email);
    });
  }

  it('reads an empty currentPassword (what the form keeps) as missing', async () => {
    const p = await person();
    const res = await putProfile(p.cookie, accountForm(p, { email: fresh(), currentPassword: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.currentPassword).toBe(
      'Please enter your current password to change your email.',
    );
  });

  it('refuses a wrong current password (400 on the field) and counts it: the 5th is 423', async () => {
    const p = await person();
    const statuses: number[] = [];
    let first: { errors?: Record<string, string> } | undefined;
    for (let i = 0; i < 5; i++) {
      const res = await putProfile(
        p.cookie,
        accountForm(p, { email: fresh(), currentPassword: `not-it-${i}` }),
      );
      statuses.push(res.statusCode);
      first ??= res.json();
    }
    expect(statuses).toEqual([400, 400, 400, 400, 423]);
    expect(first!.errors!.currentPassword).toBe('Current password is incorrect.');
    const right = await putProfile(
      p.cookie,
      accountForm(p, { email: fresh(), currentPassword: TEST_PASSWORD }),
    );
    expect(right.statusCode).toBe(423);
    expect(await emailOf(p.id)).toBe(p.input.email);
  });

  it('does not tell whether another account has an e-mail before the password is checked', async () => {
    const p = await person();
    const other = await createParticipant(t.app);
    const res = await putProfile(p.cookie, accountForm(p, { email: other.input.email }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      currentPassword: 'Please enter your current password to change your email.',
    });
  });

  it('keeps other changes free: names and phone need no password when the e-mail stays', async () => {
    const p = await person();
    const res = await putProfile(p.cookie, accountForm(p, { firstName: 'Zawadi' }));
    expect(res.statusCode).toBe(200);
  });

  it('with the right password: changes the e-mail, voids reset links, ends the other sessions, tells the old address', async () => {
    const p = await person();
    const token = await requestResetToken(p.input.email);
    const newEmail = fresh();
    const res = await putProfile(
      p.cookie,
      accountForm(p, { email: newEmail, currentPassword: TEST_PASSWORD }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().participant.email).toBe(newEmail);
    expect(res.body).not.toContain(TEST_PASSWORD);

    expect((await session(p.cookie)).json().user.email).toBe(newEmail);
    expect((await session(p.otherCookie)).json().user).toBeNull();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Fresh-Mango-Tree-7' },
    });
    expect(reset.statusCode).toBe(400);

    const [notice] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, p.input.email), eq(mailOutbox.kind, 'email-changed')));
    expect(notice).toBeDefined();
    // It quotes nothing typed: not the new address, not the name.
    for (const body of [notice!.textBody, notice!.htmlBody ?? '', notice!.subject]) {
      expect(body).not.toContain(newEmail);
      expect(body).not.toContain('Evilname');
    }
    expect(notice!.textBody).toMatch(
      /sign-in email address of your InsightLab account was changed/,
    );
    // The new address signs in; the old one no longer does.
    expect((await signIn(t.app, newEmail)).body.user.email).toBe(newEmail);
  });
});

describe('a password change or reset voids every outstanding reset link', () => {
  it('a password change voids a reset link asked for before it', async () => {
    const p = await person();
    const token = await requestResetToken(p.input.email);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/participant/password',
      headers: { cookie: p.cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Fresh-Mango-Tree-7' },
    });
    expect(change.statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Another-Fresh-9' },
    });
    expect(reset.statusCode).toBe(400);
    expect((await session(p.otherCookie)).json().user).toBeNull();
  });
});
