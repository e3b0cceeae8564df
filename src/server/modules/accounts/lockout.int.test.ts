import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authFailures } from '../../db/schema/index';
import { buildTestApp, sessionCookieOf, type TestApp } from '../../../../test/app';
import {
  createParticipant,
  createTestAdmin,
  signIn,
  TEST_PASSWORD,
} from '../../../../test/factories';
import { deleteStaleFailures, failureKeyOf } from './auth-failures.repo';
import { argon2Verifications } from './passwords';

// The lockout's clock: tests move it instead of waiting 15 minutes.
let clock = new Date('2026-03-02T08:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => clock });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock = new Date('2026-03-02T08:00:00Z');
});

const minutes = (n: number) => {
  clock = new Date(clock.getTime() + n * 60_000);
};

const signInFrom = (ip: string, email: string, password: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });

async function fiveWrong(ip: string, email: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++)
    statuses.push((await signInFrom(ip, email, `Wrong-${i}-guess`)).statusCode);
  return statuses;
}

describe('sign-in lockout per account and client address', () => {
  it('locks the (e-mail, address) pair after 5 failures in a row, for 15 minutes, even for the right password, and Retry-After says the seconds left', async () => {
    const { input } = await createParticipant(t.app);
    expect(await fiveWrong('10.1.0.1', input.email)).toEqual([401, 401, 401, 401, 423]);
    const right = await signInFrom('10.1.0.1', input.email, input.password);
    expect(right.statusCode).toBe(423);
    expect(right.json().message).toBe(
      'Too many failed sign-in attempts. Your account is locked; try again in 15 minutes.',
    );
    expect(right.headers['retry-after']).toBe('900');
    minutes(14);
    const later = await signInFrom('10.1.0.1', input.email, input.password);
    expect(later.statusCode).toBe(423);
    expect(later.json().message).toMatch(/try again in 1 minute\.$/);
    expect(later.headers['retry-after']).toBe('60');
    minutes(1);
    expect((await signInFrom('10.1.0.1', input.email, input.password)).statusCode).toBe(200);
  });

  it('does not lock the owner out from another address', async () => {
    const { input } = await createParticipant(t.app);
    await fiveWrong('10.2.0.1', input.email);
    expect((await signInFrom('10.2.0.1', input.email, input.password)).statusCode).toBe(423);
    expect((await signInFrom('10.2.0.2', input.email, input.password)).statusCode).toBe(200);
  });

  it('does not let a stranger lock an admin: the admin signs in from their own address', async () => {
    const admin = await createTestAdmin(t.database.db, 'super_admin');
    for (let round = 0; round < 3; round++) {
      await fiveWrong('203.0.113.9', admin.email);
      minutes(16);
    }
    expect((await signInFrom('10.3.0.1', admin.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('resets the count after a success: 4 failures, a success, then 4 more still answer 401', async () => {
    const { input } = await createParticipant(t.app);
    for (let i = 0; i < 4; i++)
      expect((await signInFrom('10.4.0.1', input.email, 'Wrong-pass-x')).statusCode).toBe(401);
    expect((await signInFrom('10.4.0.1', input.email, input.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await signInFrom('10.4.0.1', input.email, 'Wrong-pass-x')).statusCode).toBe(401);
  });

  it('answers an unknown e-mail exactly like a known one: 401 four times, then 423 with the same message', async () => {
    const { input } = await createParticipant(t.app);
    const known: { status: number; body: string }[] = [];
    const unknown: { status: number; body: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await signInFrom('10.5.0.1', input.email, `Wrong-${i}-guess`);
      const b = await signInFrom('10.5.0.1', 'nobody.here@example.com', `Wrong-${i}-guess`);
      known.push({ status: a.statusCode, body: a.body });
      unknown.push({ status: b.statusCode, body: b.body });
    }
    expect(known.map((k) => k.status)).toEqual([401, 401, 401, 401, 423, 423]);
    expect(unknown).toEqual(known);
  });

  it('spends the same work on an unknown e-mail as on a wrong password: one argon2 verify each (a dummy one)', async () => {
    // Counted, not timed: a busy machine makes timings lie, the count does not.
    const { input } = await createParticipant(t.app);
    const verifiesFor = async (email: string, ip: string) => {
      const before = argon2Verifications();
      const res = await signInFrom(ip, email, 'Wrong-pass-x');
      expect(res.statusCode).toBe(401);
      return argon2Verifications() - before;
    };
    expect(await verifiesFor(input.email, '10.6.0.1')).toBe(1);
    expect(await verifiesFor('nobody.else@example.com', '10.6.1.1')).toBe(1);
  });

  it('stores only a hash of the e-mail, keyed with the address', async () => {
    await fiveWrong('10.7.0.1', 'Someone@Example.com');
    const rows = await t.database.db
      .select()
      .from(authFailures)
      .where(eq(authFailures.keyHash, failureKeyOf('someone@example.com')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ip: '10.7.0.1' });
    expect(JSON.stringify(rows)).not.toContain('someone');
  });

  it('the hourly sweep drops counts untouched for a day, and keeps recent ones', async () => {
    await signInFrom('10.7.1.1', 'old.guess@example.com', 'Wrong-pass-x');
    minutes(25 * 60);
    await signInFrom('10.7.1.1', 'new.guess@example.com', 'Wrong-pass-x');
    await deleteStaleFailures(t.database.db, clock);
    const keys = (await t.database.db.select().from(authFailures)).map((r) => r.keyHash);
    expect(keys).not.toContain(failureKeyOf('old.guess@example.com'));
    expect(keys).toContain(failureKeyOf('new.guess@example.com'));
  });

  it('a failed sign-in keeps the caller signed in; a successful one replaces the session', async () => {
    const { input } = await createParticipant(t.app);
    const { cookie } = await signIn(t.app, input.email);
    const failed = await signInFrom('10.8.0.1', input.email, 'Wrong-pass-x', cookie);
    expect(failed.statusCode).toBe(401);
    const still = await t.app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(still.json().user).not.toBeNull();

    const other = await createParticipant(t.app);
    const again = await signInFrom('10.8.0.1', other.input.email, other.input.password, cookie);
    expect(again.statusCode).toBe(200);
    const old = await t.app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(old.json().user).toBeNull();
    const fresh = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: sessionCookieOf(again) },
    });
    expect(fresh.json().user.email).toBe(other.input.email);
  });
});

describe('wrong current passwords count like failed sign-ins', () => {
  const changePassword = (cookie: string, currentPassword: string, ip = '10.9.0.1') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/participant/password',
      headers: { cookie },
      remoteAddress: ip,
      payload: { currentPassword, newPassword: 'Fresh-Mango-Tree-7' },
    });

  it('locks the password change route after 5 wrong current passwords (423), even for the right one', async () => {
    const { input } = await createParticipant(t.app);
    const { cookie } = await signIn(t.app, input.email);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await changePassword(cookie, `nope-${i}-x`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 423]);
    const right = await changePassword(cookie, TEST_PASSWORD);
    expect(right.statusCode).toBe(423);
    expect(right.json().message).toMatch(/try again in 15 minutes/);
    // The same count guards sign-in from that address.
    expect((await signInFrom('10.9.0.1', input.email, input.password)).statusCode).toBe(423);
    minutes(15);
    expect((await changePassword(cookie, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts wrong current passwords on the admin password route too', async () => {
    const admin = await createTestAdmin(t.database.db);
    const { cookie } = await signIn(t.app, admin.email);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/password',
        headers: { cookie },
        remoteAddress: '10.9.1.1',
        payload: { currentPassword: `nope-${i}-x`, newPassword: 'Fresh-Mango-Tree-7' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 423]);
  });
});
