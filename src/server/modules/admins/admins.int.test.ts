import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, auditLogs } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { loginAs, signIn, TEST_PASSWORD } from '../../../../test/factories';
import { bootstrapAdmin } from './admins.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('creating admins', () => {
  it('lets a super admin create an admin, who can then sign in; the creation is audited', async () => {
    const boss = await loginAs(t.app, t.database.db, 'super_admin');
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
    const boss = await loginAs(t.app, t.database.db, 'super_admin');
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
    const boss = await loginAs(t.app, t.database.db, 'super_admin');
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
