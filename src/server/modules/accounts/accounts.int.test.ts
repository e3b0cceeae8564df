import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, mailOutbox, participants, sessions } from '../../db/schema/index';
import { buildTestApp, sessionCookieOf, type TestApp } from '../../../../test/app';
import {
  createParticipant,
  createTestAdmin,
  participantInput,
  signIn,
  TEST_PASSWORD,
} from '../../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/passwordHash|password_hash|\$argon2|resetToken|password_reset/i);
}

describe('sign-up', () => {
  it('creates a participant and answers 201 with the user and userType, without signing in', async () => {
    const input = participantInput();
    const res = await post('/api/auth/signup', { ...input, userType: 'participant' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.userType).toBe('participant');
    expect(body.user).toMatchObject({
      firstName: 'Amina',
      email: input.email,
      role: 'participant',
    });
    expect(res.cookies).toHaveLength(0);
    expectNoSecrets(res.body);
  });

  it('trims and lowercases the e-mail and treats e-mails as unique whatever their case', async () => {
    const input = participantInput({ email: '  Wanjiru.K@Example.COM ' });
    const first = await post('/api/auth/signup', input);
    expect(first.statusCode).toBe(201);
    expect(first.json().user.email).toBe('wanjiru.k@example.com');
    const again = await post(
      '/api/auth/signup',
      participantInput({ email: 'WANJIRU.K@example.com' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.email).toBe('An account with this email already exists');
  });

  it('refuses a phone number that is already registered (409 on phone)', async () => {
    const { input } = await createParticipant(t.app);
    const res = await post('/api/auth/signup', participantInput({ phone: input.phone }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.phone).toBe('An account with this phone number already exists');
  });

  it('refuses userType "admin" from a visitor with 403 and creates nothing', async () => {
    const input = participantInput();
    const res = await post('/api/auth/signup', { ...input, userType: 'admin' });
    expect(res.statusCode).toBe(403);
    const rows = await t.database.db
      .select()
      .from(participants)
      .where(eq(participants.email, input.email));
    expect(rows).toHaveLength(0);
  });

  it('refuses one of the most common passwords', async () => {
    const res = await post('/api/auth/signup', participantInput({ password: 'password123' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toBe('This password is too common');
  });

  it('writes an audit record of the sign-up', async () => {
    const input = participantInput();
    const res = await post('/api/auth/signup', input, { 'user-agent': 'audit-check' });
    const id = res.json().user.id;
    const [row] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.resourceId, id));
    expect(row).toMatchObject({
      action: 'auth.signup',
      resource: 'participant',
      userAgent: 'audit-check',
    });
  });
});

describe('sign-in, session and logout', () => {
  it('signs a participant in, the session answers the user, logout ends it on the server', async () => {
    const { input, participant } = await createParticipant(t.app);
    const res = await post('/api/auth/signin', {
      email: input.email.toUpperCase(),
      password: input.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userType: 'participant', user: { id: participant.id } });
    expectNoSecrets(res.body);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const session = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: sessionCookieOf(res) },
    });
    expect(session.json()).toMatchObject({
      userType: 'participant',
      user: {
        id: participant.id,
        email: input.email,
        phone: input.phone,
        role: 'participant',
        userType: 'participant',
      },
    });
    expect(session.headers['cache-control']).toBe('no-store');

    const out = await post('/api/auth/logout', undefined, { cookie: sessionCookieOf(res) });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: sessionCookieOf(res) },
    });
    expect(after.json()).toEqual({ user: null, userType: null });
  });

  it('stores only a hash of the session id', async () => {
    const { input } = await createParticipant(t.app);
    const { cookie } = await signIn(t.app, input.email);
    const token = cookie.split('=')[1]!;
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.idHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.idHash))).toBe(true);
  });

  it('answers an anonymous session check with user null (200, not 401)', async () => {
    const res = await t.app.inject({ url: '/api/auth/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null, userType: null });
  });

  it('signs an admin in with userType admin', async () => {
    const admin = await createTestAdmin(t.database.db, 'super_admin');
    const { body } = await signIn(t.app, admin.email);
    expect(body).toMatchObject({
      userType: 'admin',
      user: { role: 'super_admin', userType: 'admin' },
    });
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const { input } = await createParticipant(t.app);
    const wrong = await post('/api/auth/signin', {
      email: input.email,
      password: 'Wrong-Password-1',
    });
    const unknown = await post('/api/auth/signin', {
      email: 'nobody@example.com',
      password: 'Wrong-Password-1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  // The lockout (per account and address) is proven in lockout.int.test.ts.

  it('audit-logs sign-in success and failure with IP and user agent', async () => {
    const { input, participant } = await createParticipant(t.app);
    await post(
      '/api/auth/signin',
      { email: input.email, password: 'Wrong-pass-x' },
      { 'user-agent': 'ua-test' },
    );
    await post(
      '/api/auth/signin',
      { email: input.email, password: input.password },
      { 'user-agent': 'ua-test' },
    );
    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, participant.id))
      .orderBy(auditLogs.timestamp);
    const actions = rows.map((r) => r.action);
    expect(actions).toContain('auth.signin.failure');
    expect(actions).toContain('auth.signin.success');
    expect(rows.find((r) => r.action === 'auth.signin.success')).toMatchObject({
      ipAddress: '127.0.0.1',
      userAgent: 'ua-test',
    });
  });
});

describe('participant registration', () => {
  it('registers with the optional profile fields and then signs in', async () => {
    const input = participantInput({ location: 'Nairobi', age: '25-34', occupation: 'Designer' });
    const res = await post('/api/participants/register', input);
    expect(res.statusCode).toBe(201);
    expect(res.json().participant).toMatchObject({
      location: 'Nairobi',
      age: '25-34',
      occupation: 'Designer',
      isActive: true,
    });
    expectNoSecrets(res.body);
    const { body } = await signIn(t.app, input.email);
    expect(body.userType).toBe('participant');
  });

  it('stores an empty optional field as not given', async () => {
    const res = await post(
      '/api/participants/register',
      participantInput({ location: '', age: '' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().participant).toMatchObject({ location: null, age: null });
  });

  it('refuses an age outside the option set', async () => {
    const res = await post('/api/participants/register', participantInput({ age: '12-17' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.age).toBeDefined();
  });
});

describe('forgot and reset password', () => {
  async function requestReset(email: string) {
    const res = await post('/api/auth/forgot-password', { email });
    expect(res.statusCode).toBe(202);
    return res;
  }

  async function latestResetToken(email: string): Promise<string> {
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email))
      .orderBy(sql`${mailOutbox.createdAt} desc`)
      .limit(1);
    expect(mail?.kind).toBe('password-reset');
    const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.textBody);
    return match![1]!;
  }

  it('answers 202 with the same body whether or not the account exists', async () => {
    const { input } = await createParticipant(t.app);
    const a = await requestReset(input.email);
    const b = await requestReset('no-such-person@example.com');
    expect(a.json()).toEqual(b.json());
  });

  it('queues a mail with a link built from PUBLIC_URL and stores only a hash of the token', async () => {
    const { input, participant } = await createParticipant(t.app);
    await requestReset(input.email);
    const token = await latestResetToken(input.email);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, input.email));
    expect(mail!.textBody).toContain(`${t.config.publicUrl}/reset-password?token=`);
    const [row] = await t.database.db
      .select()
      .from(participants)
      .where(eq(participants.id, participant.id));
    expect(row!.passwordResetToken).not.toBe(token);
    expect(row!.passwordResetToken).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores the Host header when building the link', async () => {
    const { input } = await createParticipant(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: input.email },
      headers: { host: 'evil.example' },
    });
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, input.email));
    expect(mail!.textBody).not.toContain('evil.example');
  });

  it('resets the password once, ends every session, and the old password stops working', async () => {
    const { input } = await createParticipant(t.app);
    const { cookie } = await signIn(t.app, input.email);
    await requestReset(input.email);
    const token = await latestResetToken(input.email);
    const newPassword = 'Fresh-Mango-Tree-7';

    const res = await post('/api/auth/reset-password', { token, password: newPassword });
    expect(res.statusCode).toBe(200);
    expect(res.cookies).toHaveLength(0); // no automatic sign-in
    const session = await t.app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(session.json().user).toBeNull();
    expect(
      (await post('/api/auth/signin', { email: input.email, password: input.password })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/auth/signin', { email: input.email, password: newPassword })).statusCode,
    ).toBe(200);

    const again = await post('/api/auth/reset-password', { token, password: 'Another-Fresh-9' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link is invalid or has expired');
  });

  it('refuses an expired token', async () => {
    const { input, participant } = await createParticipant(t.app);
    await requestReset(input.email);
    const token = await latestResetToken(input.email);
    await t.database.db
      .update(participants)
      .set({ passwordResetExpires: new Date(Date.now() - 1000) })
      .where(eq(participants.id, participant.id));
    const res = await post('/api/auth/reset-password', { token, password: 'Fresh-Mango-Tree-7' });
    expect(res.statusCode).toBe(400);
  });
});

describe('change password', () => {
  it('needs the current password, then ends the other sessions but keeps this one', async () => {
    const { input } = await createParticipant(t.app);
    const first = await signIn(t.app, input.email);
    const second = await signIn(t.app, input.email);
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/participant/password',
      headers: { cookie: first.cookie },
      payload: { currentPassword: 'not-it-at-all', newPassword: 'Fresh-Mango-Tree-7' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toBe('Current password is incorrect.');

    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/participant/password',
      headers: { cookie: first.cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Fresh-Mango-Tree-7' },
    });
    expect(ok.statusCode).toBe(200);
    const mine = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: first.cookie },
    });
    const other = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: second.cookie },
    });
    expect(mine.json().user).not.toBeNull();
    expect(other.json().user).toBeNull();
  });

  it('is refused to an anonymous caller (401) and to an admin on the participant route (403)', async () => {
    const anon = await t.app.inject({
      method: 'PUT',
      url: '/api/participant/password',
      payload: { currentPassword: 'x', newPassword: 'yyyyyyy' },
    });
    expect(anon.statusCode).toBe(401);
    const admin = await createTestAdmin(t.database.db);
    const { cookie } = await signIn(t.app, admin.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/participant/password',
      headers: { cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Fresh-Mango-Tree-7' },
    });
    expect(res.statusCode).toBe(403);
  });
});
