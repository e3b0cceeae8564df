import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, createTestAdmin, loginAs, signIn } from '../../../../test/factories';
import { loginAsSteppedUp } from '../../../../test/support/two-factor';

/** PUT /api/admin/profile: an admin edits only themselves, and a refused edit changes nothing. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const profile = (cookie: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/profile',
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const adminList = async (cookie: string) =>
  (await t.app.inject({ url: '/api/admin/list', headers: { cookie } })).json().admins as {
    id: string;
    firstName: string;
    email: string;
    role: string;
    phone: string | null;
  }[];
const newEmail = () => `admin.${crypto.randomBytes(4).toString('hex')}@example.com`;

describe("an admin's own profile", () => {
  it("never reaches another admin or the role: an id or role in the body is ignored, the caller's own row changes", async () => {
    const me = await createTestAdmin(t.database.db);
    const other = await createTestAdmin(t.database.db);
    const { cookie } = await signIn(t.app, me.email);
    const res = await profile(cookie, {
      id: other.row.id,
      role: 'super_admin',
      firstName: 'Wairimu',
      lastName: 'N',
      email: me.email,
    });
    expect(res.statusCode, res.body).toBe(200);
    const admins = await adminList(cookie);
    expect(admins.find((a) => a.id === me.row.id)).toMatchObject({
      firstName: 'Wairimu',
      role: 'admin',
    });
    expect(admins.find((a) => a.id === other.row.id)!.firstName).toBe('');
  });

  it('refuses NUL bytes and control characters in each field (400 on the field) and changes nothing', async () => {
    const me = await loginAs(t.app, t.database.db, 'admin');
    const valid = { firstName: 'Amani', lastName: 'K', email: me.email, phone: '0711464914' };
    expect((await profile(me.cookie, valid)).statusCode).toBe(200);
    for (const [field, value] of [
      ['firstName', 'Am\u0000ani'],
      ['lastName', 'K\u001b[31m'],
      ['email', `${me.email}\u0000`],
      ['phone', '0711\u0000464914'],
    ] as const) {
      const res = await profile(me.cookie, { ...valid, [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toEqual(expect.any(String));
    }
    expect((await adminList(me.cookie)).find((a) => a.id === me.id)).toMatchObject({
      firstName: 'Amani',
      lastName: 'K',
      email: me.email,
      phone: '+254711464914',
    });
  });

  it("refuses a participant's e-mail in another case (409), and two admins racing for one new address: one gets it, the other 409", async () => {
    const me = await createTestAdmin(t.database.db);
    const rival = await createTestAdmin(t.database.db);
    const mine = await signIn(t.app, me.email);
    const theirs = await signIn(t.app, rival.email);
    const { input } = await createParticipant(t.app);
    const taken = await profile(mine.cookie, {
      firstName: 'A',
      lastName: 'B',
      email: input.email.toUpperCase(),
      currentPassword: me.password,
    });
    expect(taken.statusCode).toBe(409);
    const wanted = newEmail();
    const answers = await Promise.all([
      profile(mine.cookie, {
        firstName: 'A',
        lastName: 'B',
        email: wanted,
        currentPassword: me.password,
      }),
      profile(theirs.cookie, {
        firstName: 'C',
        lastName: 'D',
        email: wanted,
        currentPassword: rival.password,
      }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const holders = (await adminList(mine.cookie)).filter((a) => a.email === wanted);
    expect(holders).toHaveLength(1);
  });

  it('is closed to a disabled admin: their session ended with the disabling (401) and nothing changes', async () => {
    const boss = await loginAsSteppedUp(t.app, t.database.db);
    const me = await createTestAdmin(t.database.db);
    const { cookie } = await signIn(t.app, me.email);
    const disabled = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/${me.row.id}/status`,
      headers: { cookie: boss.cookie },
      payload: { status: 'disabled' },
    });
    expect(disabled.statusCode).toBe(200);
    const res = await profile(cookie, { firstName: 'Back', lastName: 'Door', email: me.email });
    expect(res.statusCode).toBe(401);
    expect((await adminList(boss.cookie)).find((a) => a.id === me.row.id)!.firstName).toBe('');
  });
});
