import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../src/server/db/client';
import type { AdminRole } from '../../src/shared/schemas/options';
import { sessionCookieOf } from '../app';
import { loginAs, TEST_PASSWORD } from '../factories';

/**
 * The admin second factor in tests (decisions.md section 11): codes computed with the same
 * TOTP library the server uses, at the time of the app's clock.
 */

const PERIOD_MS = 30_000;

/** The code of `secret` for the 30-second step of `at`, `offset` steps away. */
export function totpCode(secret: string, at: Date, offset = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: at.getTime() + offset * PERIOD_MS,
  });
}

const stepOf = (at: Date) => Math.floor(at.getTime() / PERIOD_MS);

export type Enrolment = {
  secret: string;
  recoveryCodes: string[];
  /**
   * A code the server has not accepted yet: the oldest TOTP step still accepted (previous,
   * current, next) above the last one used, else an unused recovery code.
   */
  nextCode(): string;
  /** POST /api/auth/step-up with `nextCode()` on the session of `cookie`. */
  stepUp(cookie: string): Promise<void>;
};

async function call(
  app: FastifyInstance,
  cookie: string,
  method: 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/**
 * Enrols the admin of `cookie` (setup + enable) and steps that session up with the next code
 * (enabling alone is not a step-up). `now` is the app's clock when the test injects one.
 */
export async function enrolAndStepUp(
  app: FastifyInstance,
  cookie: string,
  {
    now = () => new Date(),
    password = TEST_PASSWORD,
  }: { now?: () => Date; password?: string } = {},
): Promise<Enrolment> {
  const setup = await call(app, cookie, 'POST', '/api/admin/2fa/setup');
  if (setup.statusCode !== 200) throw new Error(`2fa setup: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };

  let lastStep = -Infinity;
  const recoveryLeft: string[] = [];
  const nextCode = () => {
    const at = now();
    const current = stepOf(at);
    // The previous step's code is taken for three codes a step, unless the step is about to
    // end: a request that crosses into the next step would then find it two steps old
    // (outside the server's window of one step either side) and refuse it.
    const endingSoon = at.getTime() % PERIOD_MS > PERIOD_MS - 5_000;
    const step = Math.max(endingSoon ? current : current - 1, lastStep + 1);
    if (step <= current + 1) {
      lastStep = step;
      return totpCode(secret, new Date(step * PERIOD_MS));
    }
    const recovery = recoveryLeft.pop();
    if (!recovery) throw new Error('no TOTP step nor recovery code left: move the clock on');
    return recovery;
  };

  const enabled = await call(app, cookie, 'POST', '/api/admin/2fa/enable', {
    code: nextCode(),
    currentPassword: password,
  });
  if (enabled.statusCode !== 200)
    throw new Error(`2fa enable: ${enabled.statusCode} ${enabled.body}`);
  const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
  recoveryLeft.push(...recoveryCodes);

  const enrolment: Enrolment = {
    secret,
    recoveryCodes,
    nextCode,
    async stepUp(sessionCookie: string) {
      const res = await call(app, sessionCookie, 'POST', '/api/auth/step-up', {
        code: nextCode(),
      });
      if (res.statusCode !== 204) throw new Error(`step-up: ${res.statusCode} ${res.body}`);
    },
  };
  await enrolment.stepUp(cookie);
  return enrolment;
}

/** Signs in an enrolled admin with a code; the session is stepped up. */
export async function signInWithCode(
  app: FastifyInstance,
  email: string,
  code: string,
  password: string = TEST_PASSWORD,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password, code },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in with code: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookieOf(response), body: response.json() };
}

/**
 * A new admin of `role` (a super admin by default), signed in, enrolled and stepped up:
 * what creating, disabling and re-enabling admins (and releasing payouts) need.
 */
export async function loginAsSteppedUp(
  app: FastifyInstance,
  db: Db,
  role: AdminRole = 'super_admin',
  options: { now?: () => Date } = {},
) {
  const who = await loginAs(app, db, role);
  const enrolment = await enrolAndStepUp(app, who.cookie, options);
  return { ...who, enrolment };
}
