import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { loginAs, signIn } from '../factories';
import { totpCode } from '../support/two-factor';

/**
 * Attack (decisions.md section 11): the step-up guards money against a stolen session. An
 * admin who has not enrolled yet cannot release (403 enrolRequired), but their session
 * alone, with no password, can enrol the thief's own authenticator: setup answers the
 * secret, enable takes its first code, ends the real admin's other sessions, and the next
 * code steps the thief's session up. The real admin can no longer sign in (the code is on
 * the thief's phone) and the thief releases payouts (checked by hand: setup, enable, step-up
 * and POST /api/payouts answer 200, 200, 204, 202 on the stolen cookie).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (cookie: string, method: 'POST' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('enrolling the second factor from a stolen session', () => {
  // Fixed: POST /api/admin/2fa/enable takes the current password beside the code, as
  // PUT /api/me/payout-number does (docs/decisions/035-admin-second-factor.md).
  it('needs more than the session: without the current password nothing is enrolled, and the real admin keeps their sessions', async () => {
    const victim = await loginAs(t.app, t.database.db, 'admin');
    const otherTab = await signIn(t.app, victim.email);
    const stolen = victim.cookie;
    const setup = await call(stolen, 'POST', '/api/admin/2fa/setup');
    const secret = setup.json().secret as string;
    const enable = await call(stolen, 'POST', '/api/admin/2fa/enable', {
      code: totpCode(secret, new Date()),
    });
    expect(enable.statusCode).not.toBe(200);
    expect((await call(otherTab.cookie, 'GET', '/api/admin/2fa')).statusCode).toBe(200);
  });
});
