import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminRecoveryCodes, admins, auditLogs, sessions } from '../../db/schema/index';
import { buildTestApp, sessionCookieOf, type TestApp } from '../../../../test/app';
import { createTestAdmin, loginAs, signIn, TEST_PASSWORD } from '../../../../test/factories';
import {
  enrolAndStepUp,
  signInWithCode,
  totpCode,
  type Enrolment,
} from '../../../../test/support/two-factor';

/**
 * decisions.md section 11, the admin second factor: enrolment, sign-in with a code, step-up
 * and its 5-minute window, on PGlite and (TEST_DATABASE_URL) PostgreSQL. The app's clock is
 * injected: the tests move it, they never wait.
 */
const START = new Date('2026-03-02T08:00:10Z');
let clock = START;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => clock });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock = START;
});

const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const now = () => clock;
const STEP = 30_000;

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

function call(
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<Res> {
  return t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const signInRaw = (email: string, extra: Record<string, unknown> = {}, ip = '10.9.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password: TEST_PASSWORD, ...extra },
    remoteAddress: ip,
  });
/** 200 while the cookie is a live admin session, 401 once it has ended. */
const alive = async (cookie: string) => (await call(cookie, 'GET', '/api/admin/list')).statusCode;
const createAdminAs = (cookie: string) =>
  call(cookie, 'POST', '/api/admin/create', {
    username: `made.${Math.random().toString(36).slice(2, 10)}@example.com`,
    password: TEST_PASSWORD,
  });
const stepUp = (cookie: string, code: string) =>
  call(cookie, 'POST', '/api/auth/step-up', { code });
const auditOf = (adminId: string) =>
  t.database.db.select().from(auditLogs).where(eq(auditLogs.resourceId, adminId));
const adminRow = async (id: string) =>
  (await t.database.db.select().from(admins).where(eq(admins.id, id)))[0]!;

/** A new admin of `role`, signed in and enrolled at the current clock. */
async function enrolled(
  role: 'admin' | 'super_admin' = 'super_admin',
): Promise<{ id: string; email: string; cookie: string; enrolment: Enrolment }> {
  const who = await loginAs(t.app, t.database.db, role);
  const enrolment = await enrolAndStepUp(t.app, who.cookie, { now });
  return { ...who, enrolment };
}

describe('enrolment (POST /api/admin/2fa/setup, /enable)', () => {
  it('answers a base32 secret and an otpauth URL (issuer InsightLab, the e-mail as label), and a new setup replaces the pending secret', async () => {
    const a = await loginAs(t.app, t.database.db, 'admin');
    const first = await call(a.cookie, 'POST', '/api/admin/2fa/setup');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUrl } = first.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/InsightLab:${a.email}`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      issuer: 'InsightLab',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });

    const second = (await call(a.cookie, 'POST', '/api/admin/2fa/setup')).json().secret;
    expect(second).not.toBe(secret);
    const stale = await call(a.cookie, 'POST', '/api/admin/2fa/enable', {
      code: totpCode(secret, now()),
      currentPassword: TEST_PASSWORD,
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors.code).toMatch(/not right/);
    expect((await adminRow(a.id)).totpEnabledAt).toBeNull();

    const enabled = await call(a.cookie, 'POST', '/api/admin/2fa/enable', {
      code: totpCode(second, now()),
      currentPassword: TEST_PASSWORD,
    });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.headers['cache-control']).toBe('no-store');
  });

  it('gives 10 single-use recovery codes once, keeps only their SHA-256, and never answers or audits the secret again', async () => {
    const a = await enrolled('admin');
    const codes = a.enrolment.recoveryCodes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.database.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminId, a.id));
    expect(stored).toHaveLength(10);
    const storedText = JSON.stringify(stored);
    for (const row of stored) expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    for (const code of codes) {
      expect(storedText).not.toContain(code);
      expect(storedText).not.toContain(code.replace('-', ''));
    }

    const status = await call(a.cookie, 'GET', '/api/admin/2fa');
    expect(status.json()).toEqual({
      enabled: true,
      enabledAt: START.toISOString(),
      recoveryCodesLeft: 10,
    });
    const session = await call(a.cookie, 'GET', '/api/auth/session');
    expect(session.json().user.twoFactorEnabled).toBe(true);
    const list = await call(a.cookie, 'GET', '/api/admin/list');
    const row = list.json().admins.find((x: { id: string }) => x.id === a.id);
    expect(row.twoFactorEnabled).toBe(true);
    for (const answer of [status.body, session.body, list.body]) {
      expect(answer).not.toContain(a.enrolment.secret);
      expect(answer).not.toMatch(/totp|code_?hash/i);
    }

    const audit = await auditOf(a.id);
    expect(audit.map((x) => x.action)).toEqual(
      expect.arrayContaining(['admin.2fa.setup', 'admin.2fa.enable']),
    );
    const auditText = JSON.stringify(audit);
    expect(auditText).not.toContain(a.enrolment.secret);
    for (const code of codes) expect(auditText).not.toContain(code.replace('-', ''));

    // Enrolled: a new setup is refused, and the secret stays.
    const again = await call(a.cookie, 'POST', '/api/admin/2fa/setup');
    expect(again.statusCode).toBe(409);
    expect((await adminRow(a.id)).totpSecret).toBe(a.enrolment.secret);
  });

  it('is not a step-up: right after enabling, creating an admin still asks for a code (403 stepUp)', async () => {
    const boss = await loginAs(t.app, t.database.db, 'super_admin');
    const { secret } = (await call(boss.cookie, 'POST', '/api/admin/2fa/setup')).json();
    const on = await call(boss.cookie, 'POST', '/api/admin/2fa/enable', {
      code: totpCode(secret, now()),
      currentPassword: TEST_PASSWORD,
    });
    expect(on.statusCode).toBe(200);
    const refused = await createAdminAs(boss.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().stepUp).toBe(true);
    expect((await stepUp(boss.cookie, totpCode(secret, now(), 1))).statusCode).toBe(204);
    expect((await createAdminAs(boss.cookie)).statusCode).toBe(201);
  });

  it('needs the current password: a session alone (perhaps stolen) enrols nothing, a wrong password counts like a sign-in, and the other sessions stay', async () => {
    const a = await loginAs(t.app, t.database.db, 'admin');
    const otherTab = await signIn(t.app, a.email);
    const { secret } = (await call(a.cookie, 'POST', '/api/admin/2fa/setup')).json();
    const code = totpCode(secret, now());
    const missing = await call(a.cookie, 'POST', '/api/admin/2fa/enable', { code });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['currentPassword']);
    const wrong = await call(a.cookie, 'POST', '/api/admin/2fa/enable', {
      code,
      currentPassword: 'Not-My-Password-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'Current password is incorrect.' });
    expect((await adminRow(a.id)).totpEnabledAt).toBeNull();
    expect(await alive(otherTab.cookie)).toBe(200);
    const failed = (await auditOf(a.id)).filter((x) => x.action === 'admin.2fa.enable_failed');
    expect(failed).toHaveLength(1);
  });

  it('refuses a wrong first code (400 on code) and enabling without a setup (409); nothing changes', async () => {
    const a = await loginAs(t.app, t.database.db, 'admin');
    const none = await call(a.cookie, 'POST', '/api/admin/2fa/enable', {
      code: '123456',
      currentPassword: TEST_PASSWORD,
    });
    expect(none.statusCode).toBe(409);
    const { secret } = (await call(a.cookie, 'POST', '/api/admin/2fa/setup')).json();
    const wrong = await call(a.cookie, 'POST', '/api/admin/2fa/enable', {
      code: totpCode(secret, now(), 3),
      currentPassword: TEST_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    const row = await adminRow(a.id);
    expect(row.totpEnabledAt).toBeNull();
    expect(row.totpSecret).toBeNull();
  });

  it("enabling and turning off end the admin's other sessions and keep this one", async () => {
    const a = await loginAs(t.app, t.database.db, 'admin');
    const other = await signIn(t.app, a.email);
    const enrolment = await enrolAndStepUp(t.app, a.cookie, { now });
    expect(await alive(a.cookie)).toBe(200);
    expect(await alive(other.cookie)).toBe(401);

    later(STEP);
    const second = await signInWithCode(t.app, a.email, enrolment.nextCode());
    later(STEP);
    const off = await call(a.cookie, 'DELETE', '/api/admin/2fa', { code: enrolment.nextCode() });
    expect(off.statusCode).toBe(204);
    expect(await alive(a.cookie)).toBe(200);
    expect(await alive(second.cookie)).toBe(401);
    const row = await adminRow(a.id);
    expect([row.totpSecret, row.totpEnabledAt, row.totpLastStep]).toEqual([null, null, null]);
    const codes = await t.database.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminId, a.id));
    expect(codes).toHaveLength(0);
    // Off: the password alone signs in again.
    expect((await signIn(t.app, a.email)).body.user.twoFactorEnabled).toBe(false);
    expect((await auditOf(a.id)).map((x) => x.action)).toContain('admin.2fa.disable');
  });

  it('turns off with a recovery code too; a wrong code is 400 and changes nothing', async () => {
    const a = await enrolled('admin');
    const wrong = await call(a.cookie, 'DELETE', '/api/admin/2fa', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await adminRow(a.id)).totpEnabledAt).not.toBeNull();
    const off = await call(a.cookie, 'DELETE', '/api/admin/2fa', {
      code: a.enrolment.recoveryCodes[3],
    });
    expect(off.statusCode).toBe(204);
    expect((await adminRow(a.id)).totpEnabledAt).toBeNull();
    const notOn = await call(a.cookie, 'DELETE', '/api/admin/2fa', { code: '123456' });
    expect(notOn.statusCode).toBe(409);
  });
});

describe('sign-in of an enrolled admin (POST /api/auth/signin)', () => {
  it('answers the right password alone 401 { twoFactorRequired }, not counted as a failure; with a code 200', async () => {
    const a = await enrolled();
    for (let i = 0; i < 6; i++) {
      const res = await signInRaw(a.email);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: 'Enter the code from your authenticator app to finish signing in.',
        twoFactorRequired: true,
      });
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
    later(STEP);
    const ok = await signInRaw(a.email, { code: a.enrolment.nextCode() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.twoFactorEnabled).toBe(true);
    // A wrong password with a code is the plain wrong-password answer.
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: a.email, password: 'Not-The-Password-1', code: '123456' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('counts wrong codes as sign-in failures: the fifth locks (423), and password-only attempts between do not reset the count', async () => {
    const a = await enrolled();
    const ip = '10.9.0.77';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await signInRaw(a.email, { code: '000000' }, ip);
      statuses.push(res.statusCode);
      expect(res.json()).toMatchObject({ twoFactorRequired: true, errors: { code: /not right/ } });
      expect((await signInRaw(a.email, {}, ip)).statusCode).toBe(401);
    }
    statuses.push((await signInRaw(a.email, { code: '000000' }, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    later(STEP);
    const right = await signInRaw(a.email, { code: a.enrolment.nextCode() }, ip);
    expect(right.statusCode).toBe(423);
    const reasons = (await auditOf(a.id))
      .filter((x) => x.action === 'auth.signin.failure')
      .map((x) => (x.details as { reason: string }).reason);
    expect(reasons.sort()).toEqual([
      'locked',
      ...Array(4).fill('wrong second-factor code'),
      'wrong second-factor code, now locked',
    ]);
  });

  it('accepts the previous and the next step, not two steps away', async () => {
    const a = await enrolled();
    const { secret } = a.enrolment;
    later(10 * STEP);
    expect((await signInRaw(a.email, { code: totpCode(secret, now(), -2) })).statusCode).toBe(401);
    expect((await signInRaw(a.email, { code: totpCode(secret, now(), -1) })).statusCode).toBe(200);
    expect((await signInRaw(a.email, { code: totpCode(secret, now(), +2) })).statusCode).toBe(401);
    expect((await signInRaw(a.email, { code: totpCode(secret, now(), +1) })).statusCode).toBe(200);
  });

  it('never accepts a code twice, nor a step at or below the last accepted one', async () => {
    const a = await enrolled();
    const { secret } = a.enrolment;
    later(10 * STEP);
    const next = totpCode(secret, now(), +1);
    expect((await signInRaw(a.email, { code: next })).statusCode).toBe(200);
    // The same code again: refused, at sign-in and at step-up.
    const replay = await signInRaw(a.email, { code: next });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().twoFactorRequired).toBe(true);
    expect((await stepUp(a.cookie, next)).statusCode).toBe(400);
    // The current and previous steps are still in the window, but below the one used.
    expect((await signInRaw(a.email, { code: totpCode(secret, now()) })).statusCode).toBe(401);
    expect((await signInRaw(a.email, { code: totpCode(secret, now(), -1) })).statusCode).toBe(401);
    // Two steps later the step after the used one is accepted.
    later(2 * STEP);
    expect((await signInRaw(a.email, { code: totpCode(secret, now()) })).statusCode).toBe(200);
  });

  it('lets two simultaneous sign-ins with the same code through once', async () => {
    const a = await enrolled();
    later(10 * STEP);
    const code = totpCode(a.enrolment.secret, now());
    const answers = await Promise.all([
      signInRaw(a.email, { code }),
      signInRaw(a.email, { code }),
      signInRaw(a.email, { code }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('takes each recovery code once (typed in capitals, with spaces or without the hyphen), and audits its use', async () => {
    const a = await enrolled();
    const [first, second] = a.enrolment.recoveryCodes as [string, string];
    const typed = ` ${first.toUpperCase().replace('-', ' ')} `;
    expect((await signInRaw(a.email, { code: typed })).statusCode).toBe(200);
    const again = await signInRaw(a.email, { code: first });
    expect(again.statusCode).toBe(401);
    expect((await signInRaw(a.email, { code: second.replace('-', '') })).statusCode).toBe(200);
    const status = await call(a.cookie, 'GET', '/api/admin/2fa');
    expect(status.json().recoveryCodesLeft).toBe(8);
    const used = (await auditOf(a.id)).filter((x) => x.action === 'admin.2fa.recovery_code_used');
    expect(used.map((x) => x.details)).toEqual(
      expect.arrayContaining([
        { usedFor: 'sign-in', left: 9 },
        { usedFor: 'sign-in', left: 8 },
      ]),
    );
    // Another admin's recovery code is not this admin's.
    const b = await enrolled();
    expect((await signInRaw(a.email, { code: b.enrolment.recoveryCodes[0] })).statusCode).toBe(401);
  });

  it('counts the code given at sign-in as entered on that session (step-up holds at once)', async () => {
    const a = await enrolled();
    later(10 * STEP);
    const { cookie } = await signInWithCode(t.app, a.email, a.enrolment.nextCode());
    expect((await createAdminAs(cookie)).statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, a.id))
      .orderBy(sessions.createdAt);
    expect(row).toBeDefined();
  });
});

describe('step-up (POST /api/auth/step-up) and requireStepUp', () => {
  it('holds for 5 minutes from the code: 4:59 later creating an admin works, at 5:00 it is 403 { stepUp } until a new code', async () => {
    const a = await enrolled();
    later(5 * 60_000 - 1_000);
    expect((await createAdminAs(a.cookie)).statusCode).toBe(201);
    later(1_000);
    const refused = await createAdminAs(a.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Enter the code from your authenticator app to confirm this action.',
      stepUp: true,
    });
    expect(await alive(a.cookie)).toBe(200);
    expect((await stepUp(a.cookie, a.enrolment.nextCode())).statusCode).toBe(204);
    expect((await createAdminAs(a.cookie)).statusCode).toBe(201);
    const actions = (await auditOf(a.id)).map((x) => x.action);
    expect(actions).toContain('auth.step_up');
    const refusals = await t.database.db.select().from(auditLogs).where(eq(auditLogs.userId, a.id));
    expect(
      refusals.some(
        (x) =>
          x.action === 'authorization.refused' &&
          (x.details as { reason: string }).reason === 'no code entered in the last 5 minutes',
      ),
    ).toBe(true);
  });

  it('guards disabling and re-enabling admins the same way', async () => {
    const a = await enrolled();
    const target = await createTestAdmin(t.database.db);
    const setStatus = (status: string) =>
      call(a.cookie, 'PUT', `/api/admin/${target.row.id}/status`, { status });
    expect((await setStatus('disabled')).statusCode).toBe(200);
    later(5 * 60_000);
    for (const status of ['active', 'disabled']) {
      const res = await setStatus(status);
      expect(res.statusCode).toBe(403);
      expect(res.json().stepUp).toBe(true);
    }
    expect((await adminRow(target.row.id)).isActive).toBe(false);
    await a.enrolment.stepUp(a.cookie);
    expect((await setStatus('active')).statusCode).toBe(200);
  });

  it('tells a super admin who has not enrolled to enrol (403 { enrolRequired }), and step-up says the same', async () => {
    const boss = await loginAs(t.app, t.database.db, 'super_admin');
    const res = await createAdminAs(boss.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ enrolRequired: true, message: expect.any(String) });
    expect(res.json().stepUp).toBeUndefined();
    const up = await stepUp(boss.cookie, '123456');
    expect(up.statusCode).toBe(403);
    expect(up.json().enrolRequired).toBe(true);
    // A plain admin is refused by role first, enrolled or not.
    const plain = await enrolled('admin');
    const byRole = await createAdminAs(plain.cookie);
    expect(byRole.statusCode).toBe(403);
    expect(byRole.json()).toEqual({ message: 'You do not have permission to do this' });
  });

  it('ends the session at the fifth wrong code (401 then and after), audited; a right code in between starts the count again', async () => {
    const a = await enrolled();
    for (let i = 0; i < 4; i++) {
      const res = await stepUp(a.cookie, '000000');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.code).toMatch(/not right/);
    }
    later(STEP);
    expect((await stepUp(a.cookie, a.enrolment.nextCode())).statusCode).toBe(204);
    for (let i = 0; i < 4; i++) expect((await stepUp(a.cookie, '000000')).statusCode).toBe(400);
    expect(await alive(a.cookie)).toBe(200);
    const fifth = await stepUp(a.cookie, '000000');
    expect(fifth.statusCode).toBe(401);
    expect(await alive(a.cookie)).toBe(401);
    later(STEP);
    expect((await stepUp(a.cookie, a.enrolment.nextCode())).statusCode).toBe(401);
    const actions = (
      await t.database.db.select().from(auditLogs).where(eq(auditLogs.userId, a.id))
    ).map((x) => x.action);
    expect(actions.filter((x) => x === 'auth.step_up.failure')).toHaveLength(9);
    expect(actions).toContain('auth.session.ended_by_code_failures');
  });

  it('counts wrong codes to turn the factor off on the session too', async () => {
    const a = await enrolled('admin');
    for (let i = 0; i < 4; i++)
      expect(
        (await call(a.cookie, 'DELETE', '/api/admin/2fa', { code: '000000' })).statusCode,
      ).toBe(400);
    const fifth = await call(a.cookie, 'DELETE', '/api/admin/2fa', { code: '000000' });
    expect(fifth.statusCode).toBe(401);
    expect((await adminRow(a.id)).totpEnabledAt).not.toBeNull();
  });

  it('is for admins: a participant gets 403 and a visitor 401 on every second-factor route', async () => {
    const p = await loginAs(t.app, t.database.db, 'participant');
    const routes: ['GET' | 'POST' | 'DELETE', string, unknown][] = [
      ['GET', '/api/admin/2fa', undefined],
      ['POST', '/api/admin/2fa/setup', undefined],
      ['POST', '/api/admin/2fa/enable', { code: '123456' }],
      ['DELETE', '/api/admin/2fa', { code: '123456' }],
      ['POST', '/api/auth/step-up', { code: '123456' }],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(p.cookie, method, url, body)).statusCode, url).toBe(403);
      expect((await call(undefined, method, url, body)).statusCode, url).toBe(401);
    }
  });
});

describe("someone else's second factor", () => {
  it("cannot be read, replaced, turned off or used by another admin: every route acts on the caller's own", async () => {
    const a = await enrolled();
    const b = await loginAs(t.app, t.database.db, 'super_admin');
    later(STEP);
    const aCode = a.enrolment.nextCode();
    // B names A in every way a body could; B is not enrolled, so nothing of A's is touched.
    const off = await call(b.cookie, 'DELETE', '/api/admin/2fa', {
      code: aCode,
      adminId: a.id,
      id: a.id,
    });
    expect(off.statusCode).toBe(409);
    const up = await stepUp(b.cookie, aCode);
    expect(up.statusCode).toBe(403);
    expect(up.json().enrolRequired).toBe(true);
    const setup = await call(b.cookie, 'POST', '/api/admin/2fa/setup', { adminId: a.id });
    expect(setup.statusCode).toBe(200);
    const status = await call(b.cookie, 'GET', `/api/admin/2fa?adminId=${a.id}`);
    expect(status.json().enabled).toBe(false);
    const row = await adminRow(a.id);
    expect(row.totpSecret).toBe(a.enrolment.secret);
    expect(row.totpPendingSecret).toBeNull();
    expect(row.totpEnabledAt).not.toBeNull();
    // A's code was not used up by B's attempts.
    expect((await stepUp(a.cookie, aCode)).statusCode).toBe(204);
  });
});

describe('hostile input', () => {
  it('refuses codes of the wrong shape or type with 400 and the message, changing nothing', async () => {
    const a = await enrolled();
    const row = await adminRow(a.id);
    const bad: unknown[] = [
      '',
      '12345',
      '1234567',
      '12345a',
      '123\u0000456',
      '123\t456',
      '１２３４５６',
      'x'.repeat(10_000),
      123456,
      ['123456'],
      { code: '123456' },
      null,
      true,
    ];
    for (const code of bad) {
      for (const [method, url] of [
        ['POST', '/api/auth/step-up'],
        ['DELETE', '/api/admin/2fa'],
      ] as const) {
        const res = await call(a.cookie, method, url, { code });
        expect(res.statusCode, `${url} ${JSON.stringify(code).slice(0, 20)}`).toBe(400);
        expect(res.json().errors.code).toBe(
          'Enter the 6-digit code from your authenticator app, or one of your recovery codes',
        );
      }
      const signin = await signInRaw(a.email, { code });
      expect(signin.statusCode).toBe(400);
    }
    for (const body of [undefined, {}, [], [{ code: '123456' }]]) {
      const res = await call(a.cookie, 'POST', '/api/auth/step-up', body);
      expect(res.statusCode).toBe(400);
    }
    expect(await adminRow(a.id)).toEqual(row);
    expect(await alive(a.cookie)).toBe(200);
  });

  it('answers a code at sign-in for an account without the factor as a plain sign-in (the code is not looked at)', async () => {
    const plain = await createTestAdmin(t.database.db);
    const res = await signInRaw(plain.email, { code: '123456' });
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookieOf(res);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, plain.row.id));
    expect(row!.stepUpAt).toBeNull();
    expect(await alive(cookie)).toBe(200);
  });
});
