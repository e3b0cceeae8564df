import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, createStudy, loginAs, TEST_PASSWORD } from '../../../../test/factories';

let t: TestApp;
let boss: { cookie: string; id: string; email: string };
beforeAll(async () => {
  t = await buildTestApp();
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: boss.cookie }, ...(payload ? { payload } : {}) });
const inquiry = (companyName: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/client-requests',
    payload: {
      companyName,
      contactPerson: 'Njeri',
      email: 'njeri@example.com',
      service: 'research',
      message: 'Help us.',
    },
  });

describe('client and research requests for admins', () => {
  it('lists inquiries newest first, filters by status and search, and moves them along their states', async () => {
    const first = (await inquiry('Safari Foods')).json().clientRequest;
    await inquiry('Matatu Maps');
    const list = (await admin('GET', '/api/client-requests')).json();
    expect(
      list.clientRequests.map((r: { companyName: string }) => r.companyName).slice(0, 2),
    ).toEqual(['Matatu Maps', 'Safari Foods']);
    expect(list.total).toBeGreaterThanOrEqual(2);
    expect(
      (await admin('GET', '/api/client-requests?search=safari')).json().clientRequests,
    ).toHaveLength(1);

    expect(
      (await admin('PUT', `/api/client-requests/${first.id}/status`, { status: 'closed' }))
        .statusCode,
    ).toBe(409);
    for (const status of ['contacted', 'in-progress', 'closed']) {
      expect(
        (await admin('PUT', `/api/client-requests/${first.id}/status`, { status })).statusCode,
      ).toBe(200);
    }
    expect(
      (await admin('GET', '/api/client-requests?status=closed'))
        .json()
        .clientRequests.map((r: { id: string }) => r.id),
    ).toEqual([first.id]);
  });

  it('moves research requests with the same rules', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/research-requests',
      payload: {
        company: 'Duka Pay',
        contactName: 'Otieno',
        email: 'o@duka.example',
        phone: '+254712345678',
        description: 'Validate onboarding.',
      },
    });
    const id = res.json().researchRequest.id;
    expect(
      (await admin('PUT', `/api/research-requests/${id}/status`, { status: 'in-progress' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await admin('PUT', `/api/research-requests/${id}/status`, { status: 'contacted' }))
        .statusCode,
    ).toBe(409);
    expect((await admin('GET', '/api/research-requests')).json().researchRequests[0].status).toBe(
      'in-progress',
    );
  });

  it('is for admins only', async () => {
    const p = await loginAs(t.app, t.database.db, 'participant');
    expect(
      (await t.app.inject({ url: '/api/client-requests', headers: { cookie: p.cookie } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/research-requests' })).statusCode).toBe(401);
  });
});

describe('audit log', () => {
  it('shows who did what, newest first, filterable by action', async () => {
    await loginAs(t.app, t.database.db, 'participant');
    const res = (await admin('GET', '/api/audit-log?action=auth.signin&limit=5')).json();
    expect(res.entries.length).toBeGreaterThan(0);
    expect(res.entries.every((e: { action: string }) => e.action.startsWith('auth.signin'))).toBe(
      true,
    );
    const times = res.entries.map((e: { timestamp: string }) => e.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.entries[0]).toHaveProperty('ipAddress');
  });
});

describe('notifications', () => {
  it('counts real unread events and clears them when read', async () => {
    await admin('POST', '/api/notifications/read');
    expect((await admin('GET', '/api/notifications')).json().unreadCount).toBe(0);
    await inquiry('Bell Test Ltd');
    const study = await createStudy(t.database.db);
    const p = await loginAs(t.app, t.database.db, 'participant');
    await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: p.cookie },
      payload: { participantId: p.id, testId: study.id },
    });
    const bell = (await admin('GET', '/api/notifications')).json();
    expect(bell.unreadCount).toBe(2);
    expect(
      bell.notifications
        .slice(0, 2)
        .map((n: { kind: string }) => n.kind)
        .sort(),
    ).toEqual(['application', 'client-request']);
    expect((await admin('POST', '/api/notifications/read')).json()).toEqual({ unreadCount: 0 });
    expect((await admin('GET', '/api/notifications')).json().unreadCount).toBe(0);
  });
});

describe('settings', () => {
  it('lets admins open studies, mailing every participant once per opening', async () => {
    await createParticipant(t.app);
    await createParticipant(t.app);
    const count = async () =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(mailOutbox)
          .where(eq(mailOutbox.kind, 'studies-open'))
      )[0]!.n;
    const participants = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM participants WHERE is_active`,
    )) as unknown as { rows: { n: number }[] };
    const open = await admin('PUT', '/api/settings', { settings: { studiesOpen: true } });
    expect(open.json()).toEqual({
      settings: { studiesOpen: true },
      announced: participants.rows[0]!.n,
    });
    expect(await count()).toBe(participants.rows[0]!.n);
    await admin('PUT', '/api/settings', { settings: { studiesOpen: true } });
    expect(await count()).toBe(participants.rows[0]!.n); // saving "open" again mails nobody
    expect((await t.app.inject({ url: '/api/settings' })).json()).toEqual({
      settings: { studiesOpen: true },
    });
    await admin('PUT', '/api/settings', { settings: { studiesOpen: false } });
    const p = await loginAs(t.app, t.database.db, 'participant');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/settings',
          headers: { cookie: p.cookie },
          payload: { settings: { studiesOpen: true } },
        })
      ).statusCode,
    ).toBe(403);
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
