import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { participantInput, TEST_PASSWORD } from '../../../../test/factories';
import { loginAsSteppedUp } from '../../../../test/support/two-factor';

/**
 * decisions.md section 3: an e-mail belongs to one account. Participants and admins are
 * two tables, so the check and the insert must not interleave: a sign-up racing an
 * admin creation, or two sign-ups, for one address leave exactly one account.
 */
let t: TestApp;
let superAdmin: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  superAdmin = await loginAsSteppedUp(t.app, t.database.db);
});
afterAll(async () => {
  await t.close();
});

const register = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/participants/register',
    payload: participantInput({ email }),
  });
const createAdmin = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/create',
    headers: { cookie: superAdmin.cookie },
    payload: { username: email, password: TEST_PASSWORD },
  });

describe('one account per e-mail, under concurrency', () => {
  it('lets exactly one of a participant sign-up and an admin creation for the same address win', async () => {
    for (let round = 0; round < 8; round++) {
      const email = `race.${crypto.randomUUID()}@example.com`;
      const answers = await Promise.all([register(email), createAdmin(email), register(email)]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(2);
    }
  });
});
