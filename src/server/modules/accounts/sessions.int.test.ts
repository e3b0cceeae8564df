import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, createTestAdmin, signIn } from '../../../../test/factories';
import { hashToken } from './session-tokens';
import { SESSION_POLICY } from './sessions.repo';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const sessionOf = async (cookie: string) =>
  (await t.app.inject({ url: '/api/auth/session', headers: { cookie } })).json().user;
const rowOf = async (cookie: string) => {
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.idHash, hashToken(cookie.split('=')[1]!)));
  return row!;
};
/** Moves a session's clock back, as if time had passed. */
async function age(
  cookie: string,
  ms: number,
  fields: { created?: boolean; seen?: boolean; expires?: boolean },
) {
  const shift = sql.raw(`interval '${Math.round(ms / 1000)} seconds'`);
  const idHash = hashToken(cookie.split('=')[1]!);
  await t.database.db
    .update(sessions)
    .set({
      ...(fields.created ? { createdAt: sql`${sessions.createdAt} - ${shift}` } : {}),
      ...(fields.seen ? { lastSeenAt: sql`${sessions.lastSeenAt} - ${shift}` } : {}),
      ...(fields.expires ? { expiresAt: sql`${sessions.expiresAt} - ${shift}` } : {}),
    })
    .where(eq(sessions.idHash, idHash));
}

describe('session lifetimes', () => {
  it('gives a participant a 14-day session that slides with activity', async () => {
    const { input } = await createParticipant(t.app);
    const { cookie } = await signIn(t.app, input.email);
    const row = await rowOf(cookie);
    const days = (row.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    await age(cookie, 10 * 86_400_000, { seen: true, expires: true });
    const res = await t.app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(res.json().user).not.toBeNull();
    expect(res.cookies.find((c) => c.name === 'sid')?.maxAge).toBe(14 * 86_400);
    const renewed = await rowOf(cookie);
    expect((renewed.expiresAt.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(13.9);
  });

  it('ends a participant session once it has expired', async () => {
    const { input } = await createParticipant(t.app);
    const { cookie } = await signIn(t.app, input.email);
    await age(cookie, 15 * 86_400_000, { seen: true, expires: true });
    expect(await sessionOf(cookie)).toBeNull();
  });

  it('ends an admin session after an hour without activity', async () => {
    const admin = await createTestAdmin(t.database.db);
    const { cookie } = await signIn(t.app, admin.email);
    const row = await rowOf(cookie);
    expect((row.expiresAt.getTime() - Date.now()) / 60_000).toBeLessThanOrEqual(60);
    await age(cookie, SESSION_POLICY.admin.idleMs + 1000, { seen: true, expires: true });
    expect(await sessionOf(cookie)).toBeNull();
  });

  it('ends an admin session 12 hours after sign-in even when active', async () => {
    const admin = await createTestAdmin(t.database.db);
    const { cookie } = await signIn(t.app, admin.email);
    // Active a minute ago, but signed in almost 12 hours ago: renewal may not pass the 12-hour mark.
    await age(cookie, SESSION_POLICY.admin.absoluteMs - 30_000, { created: true });
    await age(cookie, 2 * 60_000, { seen: true });
    expect(await sessionOf(cookie)).not.toBeNull();
    const row = await rowOf(cookie);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(
      SESSION_POLICY.admin.absoluteMs,
    );
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(31_000);
  });

  it('issues a new session id at each sign-in and ends the one it replaces', async () => {
    const { input } = await createParticipant(t.app);
    const first = await signIn(t.app, input.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: input.email, password: input.password },
      headers: { cookie: first.cookie },
    });
    const second = res.cookies.find((c) => c.name === 'sid')!.value;
    expect(`sid=${second}`).not.toBe(first.cookie);
    expect(await sessionOf(first.cookie)).toBeNull();
  });

  it('ignores a forged or malformed cookie', async () => {
    expect(await sessionOf('sid=forged-value')).toBeNull();
    expect(await sessionOf(`sid=${'x'.repeat(5000)}`)).toBeNull();
  });
});

describe('several instances', () => {
  it('share sessions through the database: sign in on one, the session works on the other', async () => {
    const other = await buildTestApp({ database: t.database });
    try {
      const { input, participant } = await createParticipant(t.app);
      const { cookie } = await signIn(t.app, input.email);
      const res = await other.app.inject({ url: '/api/auth/session', headers: { cookie } });
      expect(res.json().user.id).toBe(participant.id);
      await other.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      expect(await sessionOf(cookie)).toBeNull();
    } finally {
      await other.close();
    }
  });
});
