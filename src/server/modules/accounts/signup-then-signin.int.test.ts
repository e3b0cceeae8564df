import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookieOf, type TestApp } from '../../../../test/app';
import { loginAs, participantInput } from '../../../../test/factories';

/**
 * The sign-up form now signs the new participant in straight after (POST /api/auth/signup,
 * then POST /api/auth/signin): a double click makes one account, and the session is new.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const signUp = async (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', headers, payload });
const sessionOf = async (cookie: string) =>
  (await t.app.inject({ url: '/api/auth/session', headers: { cookie } })).json().user as {
    id: string;
  } | null;

describe('signing up, then in', () => {
  it('a double (or triple) click makes one account: one 201, the others 409, one row', async () => {
    const input = { ...participantInput(), userType: 'participant' };
    const answers = await Promise.all([signUp(input), signUp(input), signUp(input)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const result = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM participants WHERE email = ${input.email.toLowerCase()}`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('the sign-up answer opens no session, and signing in with a planted session cookie issues a new one and ends the planted one', async () => {
    const planted = await loginAs(t.app, t.database.db, 'participant');
    const input = participantInput();
    const created = await signUp({ ...input, userType: 'participant' }, { cookie: planted.cookie });
    expect(created.statusCode).toBe(201);
    expect(created.cookies).toEqual([]);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { cookie: planted.cookie },
      payload: { email: input.email, password: input.password },
    });
    expect(signedIn.statusCode).toBe(200);
    const fresh = sessionCookieOf(signedIn);
    expect(fresh).not.toBe(planted.cookie);
    expect((await sessionOf(fresh))?.id).toBe(created.json().user.id);
    expect(await sessionOf(planted.cookie)).toBeNull();
  });
});
