import { Secret, TOTP } from 'otpauth';
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
export function totpForStep(secret: string, step: number): string {
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

async function post(baseUrl: string, cookie: string, url: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Steps a session up now (POST /api/auth/step-up): 5 minutes of creating and disabling admins. */
export async function stepUp(baseUrl: string, cookie: string, code: string) {
  await post(baseUrl, cookie, '/api/auth/step-up', { code });
}

/**
 * Enrols `account` through the API of the server at `baseUrl` (a spec's own server: enrolling
 * ends the account's other sessions) and answers a stepped-up session of it, with its codes.
 * `fresh()` steps that session up again when the last step-up is 4 minutes old.
 */
export async function enrolThroughApi(
  baseUrl: string,
  account: { email: string; password: string },
) {
  const cookie = await signInCookie(baseUrl, account);
  const { secret } = (await post(baseUrl, cookie, '/api/admin/2fa/setup')) as { secret: string };
  const codes = codeSource(secret);
  const { recoveryCodes } = (await post(baseUrl, cookie, '/api/admin/2fa/enable', {
    code: codes.next(),
    currentPassword: account.password,
  })) as { recoveryCodes: string[] };
  codes.addRecoveryCodes(recoveryCodes);
  await stepUp(baseUrl, cookie, codes.next());
  let steppedUpAt = Date.now();
  return {
    cookie,
    secret,
    recoveryCodes,
    nextCode: () => codes.next(),
    async fresh() {
      if (Date.now() - steppedUpAt < 4 * 60_000) return;
      await stepUp(baseUrl, cookie, codes.next());
      steppedUpAt = Date.now();
    },
  };
}
