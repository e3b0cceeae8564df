import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { type Api, apiOf } from './kit';
import { signInCookie } from './sign-in';

/**
 * The admin second factor in browser tests (decisions.md section 11): codes computed with the
 * same TOTP library the server uses. Each code is used once (the server refuses a step at or
 * below the last accepted one), so a spec takes them from one `codeSource` per secret; it never
 * waits for the next 30-second step: when the previous, current and next steps are used up it
 * hands out a recovery code instead.
 */

const PERIOD_MS = 30_000;

/** The code of `secret` for the step `step` (30-second steps since the epoch). */
function totpForStep(secret: string, step: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: step * PERIOD_MS,
  });
}

/** Codes for `secret`, each once: the oldest step still accepted, then the recovery codes. */
export function codeSource(secret: string, recoveryCodes: string[] = []) {
  let lastStep = -Infinity;
  const recovery = [...recoveryCodes];
  return {
    next(): string {
      const current = Math.floor(Date.now() / PERIOD_MS);
      const step = Math.max(current - 1, lastStep + 1);
      if (step <= current + 1) {
        lastStep = step;
        return totpForStep(secret, step);
      }
      const code = recovery.pop();
      if (!code) throw new Error('no TOTP step nor recovery code left');
      return code;
    },
    addRecoveryCodes(codes: string[]) {
      recovery.push(...codes);
    },
  };
}

/**
 * Two-step sign-in set up for the admin of `api` (that session stays signed in; enrolling ends
 * the account's other sessions): answers its codes, each usable once.
 */
export async function enrol(api: Api, password: string) {
  const setup = await api<{ secret: string }>('POST', '/api/admin/2fa/setup');
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const codes = codeSource(setup.body.secret);
  const enabled = await api<{ recoveryCodes: string[] }>('POST', '/api/admin/2fa/enable', {
    code: codes.next(),
    currentPassword: password,
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  codes.addRecoveryCodes(enabled.body.recoveryCodes);
  return codes;
}

/**
 * Enrols `account` through the API of the server at `baseUrl` (a spec's own server: enrolling
 * ends the account's other sessions) and answers one stepped-up session of it, as a cookie and
 * an API client. `fresh()` steps that session up again (POST /api/auth/step-up: 5 minutes of
 * creating and disabling admins) when the last step-up is 4 minutes old.
 */
export async function enrolThroughApi(
  baseUrl: string,
  account: { email: string; password: string },
) {
  const cookie = await signInCookie(baseUrl, account);
  const api = apiOf(baseUrl, cookie);
  const codes = await enrol(api, account.password);
  let steppedUpAt = -Infinity;
  async function fresh() {
    if (Date.now() - steppedUpAt < 4 * 60_000) return;
    const res = await api('POST', '/api/auth/step-up', { code: codes.next() });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    steppedUpAt = Date.now();
  }
  await fresh();
  return { cookie, api, fresh };
}
