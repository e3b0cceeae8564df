import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, auditLogs, mailOutbox } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createTestAdmin, loginAs, signIn, TEST_PASSWORD } from '../../../../test/factories';
import { loginAsSteppedUp } from '../../../../test/support/two-factor';
import { createAccountsService } from '../accounts/accounts.service';
import { bootstrapAdmin, createAdminsService } from './admins.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('creating admins', () => {
  it('lets a super admin create an admin, who can then sign in; the creation is audited', async () => {
    const boss = await loginAsSteppedUp(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/create',
      headers: { cookie: boss.cookie },
      payload: { username: 'New.Admin@Example.com', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().admin).toMatchObject({ email: 'new.admin@example.com', role: 'admin' });
    expect(res.body).not.toMatch(/argon2|passwordHash/);
    const { body } = await signIn(t.app, 'new.admin@example.com');
    expect(body.userType).toBe('admin');
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'admin.create'));
    expect(audit.some((a) => a.userId === boss.id)).toBe(true);
  });

  it('refuses an admin who is not a super admin (403, audited) and a participant (403)', async () => {
    for (const role of ['admin', 'participant'] as const) {
      const who = await loginAs(t.app, t.database.db, role);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/create',
        headers: { cookie: who.cookie },
        payload: { username: `x-${role}@example.com`, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(403);
      const audit = await t.database.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.userId, who.id));
      expect(audit.some((a) => a.action === 'authorization.refused')).toBe(true);
    }
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/admin/create',
      payload: { username: 'y@example.com', password: TEST_PASSWORD },
    });
    expect(anon.statusCode).toBe(401);
  });

  it("answers the spec's message for a bad username or a short password", async () => {
    const boss = await loginAsSteppedUp(t.app, t.database.db);
    for (const payload of [
      { username: 'not-an-email', password: TEST_PASSWORD },
      { username: 'ok@example.com', password: '123' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/create',
        headers: { cookie: boss.cookie },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(Object.values(res.json().errors)).toContain(
        'Please provide valid username and password (min 6 characters)',
      );
    }
  });

  it('refuses an e-mail already used by any account (409)', async () => {
    const boss = await loginAsSteppedUp(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/create',
      headers: { cookie: boss.cookie },
      payload: { username: boss.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('the first admin from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('is created as super admin only when no admin exists', async () => {
    const fresh = await buildTestApp();
    try {
      const admin = { email: 'owner@example.com', password: TEST_PASSWORD };
      expect(await bootstrapAdmin(fresh.database.db, admin)).toBe('created');
      expect(
        await bootstrapAdmin(fresh.database.db, { ...admin, email: 'second@example.com' }),
      ).toBe('exists');
      const rows = await fresh.database.db.select().from(admins);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: 'owner@example.com', role: 'super_admin' });
      expect(await bootstrapAdmin(fresh.database.db, undefined)).toBe('not-configured');
    } finally {
      await fresh.close();
    }
  });
});

describe('admin list and password', () => {
  it('lists admins to admins only, without hashes', async () => {
    const admin = await loginAs(t.app, t.database.db, 'admin');
    const res = await t.app.inject({ url: '/api/admin/list', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().admins.length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/);
    const participant = await loginAs(t.app, t.database.db, 'participant');
    expect(
      (await t.app.inject({ url: '/api/admin/list', headers: { cookie: participant.cookie } }))
        .statusCode,
    ).toBe(403);
  });

  it('lets an admin change only their own password, with the current one', async () => {
    const a = await loginAs(t.app, t.database.db, 'admin');
    const b = await loginAs(t.app, t.database.db, 'admin');
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/${b.id}/password`,
      headers: { cookie: a.cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Fresh-Mango-Tree-7' },
    });
    expect(other.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/${a.id}/password`,
      headers: { cookie: a.cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Fresh-Mango-Tree-7' },
    });
    expect(own.statusCode).toBe(200);
    expect((await signIn(t.app, a.email, 'Fresh-Mango-Tree-7')).body.userType).toBe('admin');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/not-a-uuid/password',
      headers: { cookie: a.cookie },
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
  });
});

const profile = (who: { cookie: string }, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/profile',
    headers: { cookie: who.cookie },
    payload,
  });
const setStatus = (who: { cookie: string } | undefined, id: string, status: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/${id}/status`,
    headers: who ? { cookie: who.cookie } : {},
    payload: { status },
  });
/** 200 while the cookie is a live admin session, 401 once it has ended. */
const me = (cookie: string) => t.app.inject({ url: '/api/admin/list', headers: { cookie } });

describe('an admin edits their own name, e-mail and phone (PUT /api/admin/profile)', () => {
  it('saves names and the phone in E.164 without a password while the e-mail stays; the list shows the name', async () => {
    const a = await loginAs(t.app, t.database.db, 'admin');
    const res = await profile(a, {
      firstName: 'Wanjiku',
      lastName: 'Kamau',
      email: a.email.toUpperCase(),
      phone: '0711 464 914',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().admin).toMatchObject({
      firstName: 'Wanjiku',
      lastName: 'Kamau',
      email: a.email,
      phone: '+254711464914',
      status: 'active',
    });
    const list = await t.app.inject({ url: '/api/admin/list', headers: { cookie: a.cookie } });
    expect(list.json().admins.find((x: { id: string }) => x.id === a.id)).toMatchObject({
      firstName: 'Wanjiku',
      lastName: 'Kamau',
      status: 'active',
      isActive: true,
    });
    const cleared = await profile(a, { firstName: 'W', lastName: 'K', email: a.email, phone: '' });
    expect(cleared.json().admin.phone).toBeNull();
  });

  it('needs the current password to change the e-mail: 400 on currentPassword when missing or wrong', async () => {
    const a = await loginAs(t.app, t.database.db, 'admin');
    const newEmail = `moved.${crypto.randomBytes(3).toString('hex')}@example.com`;
    const payload = { firstName: 'Ada', lastName: 'Admin', email: newEmail };
    const missing = await profile(a, payload);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['currentPassword']);
    const wrong = await profile(a, { ...payload, currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'Current password is incorrect.' });
    const [row] = await t.database.db.select().from(admins).where(eq(admins.id, a.id));
    expect(row!.email).toBe(a.email);
  });

  it('with the current password changes the e-mail, tells the old address and ends the other sessions', async () => {
    const a = await loginAs(t.app, t.database.db, 'admin');
    const other = await signIn(t.app, a.email);
    const newEmail = `moved.${crypto.randomBytes(3).toString('hex')}@example.com`;
    const res = await profile(a, {
      firstName: 'Ada',
      lastName: 'Admin',
      email: newEmail,
      currentPassword: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().admin).toMatchObject({ email: newEmail, username: newEmail });
    expect((await me(a.cookie)).statusCode).toBe(200);
    expect((await me(other.cookie)).statusCode).toBe(401);
    const told = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, a.email), eq(mailOutbox.kind, 'email-changed')));
    expect(told).toHaveLength(1);
    expect((await signIn(t.app, newEmail)).body.userType).toBe('admin');
  });

  it("refuses another account's e-mail (409) and an unreadable phone (400 with the spec's message)", async () => {
    const a = await loginAs(t.app, t.database.db, 'admin');
    const b = await createTestAdmin(t.database.db);
    const taken = await profile(a, {
      firstName: 'A',
      lastName: 'B',
      email: b.email,
      currentPassword: TEST_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'An account with this email already exists' });
    const phone = await profile(a, { firstName: 'A', lastName: 'B', email: a.email, phone: '12' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors).toEqual({ phone: 'Please enter a valid phone number' });
  });

  it('is for admins only', async () => {
    const p = await loginAs(t.app, t.database.db, 'participant');
    const body = { firstName: 'A', lastName: 'B', email: p.email };
    expect((await profile(p, body)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/profile', payload: body })).statusCode,
    ).toBe(401);
  });
});

describe('a super admin disables and re-enables admins (PUT /api/admin/{id}/status)', () => {
  it('disabling ends their sessions at once, their sign-in gets the same 401 as a wrong password, and it is audited', async () => {
    const boss = await loginAsSteppedUp(t.app, t.database.db);
    const a = await loginAs(t.app, t.database.db, 'admin');
    expect((await me(a.cookie)).statusCode).toBe(200);

    const res = await setStatus(boss, a.id, 'disabled');
    expect(res.statusCode).toBe(200);
    expect(res.json().admin).toMatchObject({ id: a.id, status: 'disabled', isActive: false });
    expect((await me(a.cookie)).statusCode).toBe(401);

    const signInAs = (email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
    const disabled = await signInAs(a.email, TEST_PASSWORD);
    const wrongPassword = await signInAs(boss.email, 'Not-The-Password-1');
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json()).toEqual(wrongPassword.json());

    const list = await t.app.inject({ url: '/api/admin/list', headers: { cookie: boss.cookie } });
    expect(list.json().admins.find((x: { id: string }) => x.id === a.id).status).toBe('disabled');

    const enabled = await setStatus(boss, a.id, 'active');
    expect(enabled.json().admin.status).toBe('active');
    expect((await signIn(t.app, a.email)).body.userType).toBe('admin');

    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, a.id));
    const actions = audit.filter((x) => x.userId === boss.id).map((x) => x.action);
    expect(actions).toEqual(expect.arrayContaining(['admin.disable', 'admin.enable']));
  });

  it('a disabled admin gets no reset link, and a link asked for before cannot be used', async () => {
    const boss = await loginAsSteppedUp(t.app, t.database.db);
    const a = await loginAs(t.app, t.database.db, 'admin');
    const forgot = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: a.email },
      });
    const mails = () =>
      t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, a.email));
    const asked = await forgot();
    const [mail] = await mails();
    const token = /token=([\w-]+)/.exec(mail!.textBody)![1]!;

    expect((await setStatus(boss, a.id, 'disabled')).statusCode).toBe(200);
    const again = await forgot();
    expect(again.statusCode).toBe(asked.statusCode);
    expect(again.json()).toEqual(asked.json());
    expect(await mails()).toHaveLength(1);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'A-new-Password-42' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().errors).toEqual({ token: 'This reset link is invalid or has expired' });
  });

  it('is for super admins only: 403 for an admin and a participant, 401 for a visitor', async () => {
    const target = await createTestAdmin(t.database.db);
    for (const role of ['admin', 'participant'] as const) {
      const who = await loginAs(t.app, t.database.db, role);
      expect((await setStatus(who, target.row.id, 'disabled')).statusCode).toBe(403);
    }
    expect((await setStatus(undefined, target.row.id, 'disabled')).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(admins).where(eq(admins.id, target.row.id));
    expect(row!.isActive).toBe(true);
  });

  it('refuses disabling oneself (409), an unknown admin (404) and a status outside the two (400)', async () => {
    const boss = await loginAsSteppedUp(t.app, t.database.db);
    const self = await setStatus(boss, boss.id, 'disabled');
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot disable your own account');
    expect((await me(boss.cookie)).statusCode).toBe(200);
    expect((await setStatus(boss, crypto.randomUUID(), 'disabled')).statusCode).toBe(404);
    expect((await setStatus(boss, boss.id, 'gone')).statusCode).toBe(400);
    expect((await setStatus(boss, 'not-a-uuid', 'active')).statusCode).toBe(400);
  });

  it('never disables the last enabled super admin (409), even when two disable each other at once', async () => {
    const fresh = await buildTestApp();
    try {
      const db = fresh.database.db;
      const accounts = createAccountsService({ db, config: fresh.app.config, log: fresh.app.log });
      const service = createAdminsService({ db, accounts });
      const only = await createTestAdmin(db, 'super_admin');
      const ctx = { actor: null, ip: 'test', userAgent: 'test' };
      await expect(
        service.setStatus(crypto.randomUUID(), only.row.id, 'disabled', ctx),
      ).rejects.toMatchObject({
        statusCode: 409,
        message: 'The last enabled super admin cannot be disabled',
      });

      const second = await createTestAdmin(db, 'super_admin');
      const results = await Promise.allSettled([
        service.setStatus(only.row.id, second.row.id, 'disabled', ctx),
        service.setStatus(second.row.id, only.row.id, 'disabled', ctx),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const enabled = await db
        .select()
        .from(admins)
        .where(and(eq(admins.role, 'super_admin'), eq(admins.isActive, true)));
      expect(enabled).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('admin profile', () => {
  it('updates the admin’s own names, e-mail (the username too) and phone', async () => {
    const me = await loginAs(t.app, t.database.db, 'admin');
    const email = `renamed.${Date.now()}@example.com`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/profile',
      headers: { cookie: me.cookie },
      payload: {
        firstName: 'Grace',
        lastName: 'Achieng',
        email,
        phone: '+254 700 123 456',
        currentPassword: TEST_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().admin).toMatchObject({
      firstName: 'Grace',
      email,
      username: email,
      phone: '+254700123456',
    });
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(signin.json().user.firstName).toBe('Grace');
  });
});
