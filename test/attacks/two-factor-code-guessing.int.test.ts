import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { loginAs, TEST_PASSWORD } from '../factories';
import { enrolAndStepUp, totpCode } from '../support/two-factor';

/**
 * Attack (decisions.md section 11: "wrong codes count as sign-in failures"): someone who has
 * an enrolled admin's password guesses the second factor. The sign-in lockout counts per
 * (e-mail, address): 5 wrong codes lock one address for 15 minutes, and the next address
 * starts at zero. With many addresses (a botnet, an IPv6 /64 has 2^64) the guesses are
 * unlimited, and three of the million 6-digit codes are valid at any moment.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const signInFrom = (ip: string, email: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    remoteAddress: ip,
    payload: { email, password: TEST_PASSWORD, code },
  });

/** A code that is none of the previous, current and next ones. */
function wrongCode(secret: string, i: number): string {
  const valid = new Set([-1, 0, 1].map((o) => totpCode(secret, new Date(), o)));
  for (let n = i; ; n += 7919) {
    const code = String(n % 1_000_000).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

describe('second-factor codes guessed from many addresses', () => {
  // Finding (medium): fixed by an account-wide count of wrong codes (10 in a row from any
  // addresses lock code sign-ins for 15 minutes); only a holder of the password gets there,
  // so wrong passwords still lock per address alone.
  it('are limited per account: after 30 wrong codes from 6 addresses, a 7th address is refused too', async () => {
    const admin = await loginAs(t.app, t.database.db, 'admin');
    const { secret } = await enrolAndStepUp(t.app, admin.cookie);
    let n = 0;
    for (let a = 1; a <= 6; a++)
      for (let i = 0; i < 5; i++) {
        const res = await signInFrom(`198.51.100.${a}`, admin.email, wrongCode(secret, n++));
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
      }
    const fresh = await signInFrom('198.51.100.77', admin.email, wrongCode(secret, n++));
    // Refused as a locked sign-in is (423), before the code is even looked at.
    expect(fresh.statusCode).toBe(423);
  });
});
