import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { loginAs } from '../../../../test/factories';

type Entry = {
  id: string;
  action: string;
  resource: string;
  resourceId: string | null;
  userId: string | null;
  userType: string | null;
  timestamp: string;
  actorName: string | null;
  actorEmail: string | null;
  ipAddress: string | null;
  userAgent: string | null;
};
type Page = { entries: Entry[]; nextCursor: string | null; total: number };

let t: TestApp;
let boss: { cookie: string; id: string; email: string };
beforeAll(async () => {
  t = await buildTestApp();
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie = boss.cookie) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });
const list = async (query: string): Promise<Page> => {
  const res = await get(`/api/audit-log?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const tag = () => `it_${crypto.randomBytes(4).toString('hex')}`;

/** Audit rows written straight to the table, at the given times, under a resource of their own. */
async function seed(
  resource: string,
  at: string[],
  extra: Partial<typeof auditLogs.$inferInsert> = {},
) {
  await t.database.db.insert(auditLogs).values(
    at.map((timestamp, i) => ({
      action: `${resource}.seeded`,
      resource,
      resourceId: `row-${i}`,
      ipAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (test)',
      timestamp: new Date(timestamp),
      ...extra,
    })),
  );
}

describe('GET /api/audit-log: who may read it', () => {
  it('answers 401 without a session and 403 to a participant, and logs the refusal', async () => {
    expect((await t.app.inject({ url: '/api/audit-log' })).statusCode).toBe(401);
    const p = await loginAs(t.app, t.database.db, 'participant');
    expect((await get('/api/audit-log', p.cookie)).statusCode).toBe(403);
    const refused = await list(`action=authorization.refused&userId=${p.id}`);
    expect(refused.entries[0]).toMatchObject({
      resource: 'route',
      resourceId: 'GET /api/audit-log',
      userType: 'participant',
    });
  });

  it('answers 400 with field messages for bad filters', async () => {
    for (const [query, field] of [
      ['from=yesterday', 'from'],
      ['to=2025-13-45', 'to'],
      ['userType=robot', 'userType'],
      ['userId=42', 'userId'],
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ] as const) {
      const res = await get(`/api/audit-log?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), query).toContain(field);
    }
    const backwards = await get('/api/audit-log?from=2025-03-05&to=2025-03-04');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({
      to: 'The end of the period must not be before its start',
    });
    expect((await get('/api/audit-log?cursor=not-a-cursor')).statusCode).toBe(400);
  });
});

describe('GET /api/audit-log: what it answers', () => {
  it('names the acting admin or participant and keeps where the action came from', async () => {
    const p = await loginAs(t.app, t.database.db, 'participant');
    const mine = await list(`userId=${p.id}&action=auth.signin.success`);
    expect(mine.entries).toHaveLength(1);
    expect(mine.entries[0]).toMatchObject({
      userType: 'participant',
      actorEmail: p.email,
      actorName: 'Amina Otieno',
      resource: 'participant',
      resourceId: p.id,
    });
    expect(mine.entries[0]!.ipAddress).toBeTruthy();

    const admin = (await list(`userId=${boss.id}&action=auth.signin`)).entries[0];
    expect(admin).toMatchObject({ userType: 'admin', actorEmail: boss.email });

    const resource = tag();
    await seed(resource, ['2025-01-01T10:00:00Z']);
    const anonymous = (await list(`resource=${resource}`)).entries[0];
    expect(anonymous).toMatchObject({ userId: null, actorEmail: null, actorName: null });
  });

  it('filters by action prefix, resource, record, user type and search', async () => {
    const resource = tag();
    await seed(resource, ['2025-02-01T10:00:00Z', '2025-02-02T10:00:00Z']);
    await seed(resource, ['2025-02-03T10:00:00Z'], {
      action: `${resource}.other`,
      resourceId: 'special-id',
      userId: boss.id,
      userType: 'admin',
    });

    expect((await list(`action=${resource}.seeded`)).total).toBe(2);
    expect((await list(`action=${resource}`)).total).toBe(3);
    expect((await list(`resource=${resource}`)).total).toBe(3);
    expect((await list(`resource=${resource}&resourceId=special-id`)).total).toBe(1);
    expect((await list(`resource=${resource}&userType=admin`)).total).toBe(1);
    // Search reads the action, the record, the IP and the actor's e-mail and name.
    expect((await list(`search=${resource.toUpperCase()}.OTHER`)).total).toBe(1);
    expect((await list(`resource=${resource}&search=${boss.email}`)).total).toBe(1);
    expect((await list(`resource=${resource}&search=203.0.113`)).total).toBe(3);
    // LIKE's own characters are taken literally.
    expect((await list(`resource=${resource}&search=%25`)).total).toBe(0);
  });

  it('filters by period: bare dates cover whole days, instants are exact', async () => {
    const resource = tag();
    await seed(resource, [
      '2025-03-03T23:59:59.999Z',
      '2025-03-04T00:00:00.000Z',
      '2025-03-04T12:00:00.000Z',
      '2025-03-04T23:59:59.999Z',
      '2025-03-05T00:00:00.000Z',
    ]);
    const q = `resource=${resource}`;
    expect((await list(`${q}&from=2025-03-04&to=2025-03-04`)).total).toBe(3);
    expect((await list(`${q}&from=2025-03-04`)).total).toBe(4);
    expect((await list(`${q}&to=2025-03-04`)).total).toBe(4);
    const exact = await list(`${q}&from=2025-03-04T12:00:00Z&to=2025-03-04T15:00:00%2B03:00`);
    expect(exact.entries.map((e) => e.timestamp)).toEqual(['2025-03-04T12:00:00.000Z']);
  });

  it('pages newest first with a stable cursor, also through rows of the same instant', async () => {
    const resource = tag();
    await seed(resource, [
      '2025-04-01T10:00:00Z',
      '2025-04-02T10:00:00Z',
      '2025-04-02T10:00:00Z',
      '2025-04-02T10:00:00Z',
      '2025-04-03T10:00:00Z',
    ]);
    const seen: Entry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page = await list(
        `resource=${resource}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.total).toBe(5);
      seen.push(...page.entries);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen.map((e) => e.id)).size).toBe(5);
    const times = seen.map((e) => e.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('audit log', () => {
  it('shows who did what, newest first, filterable by action', async () => {
    await loginAs(t.app, t.database.db, 'participant');
    const res = (
      await t.app.inject({
        url: '/api/audit-log?action=auth.signin&limit=5',
        headers: { cookie: boss.cookie },
      })
    ).json();
    expect(res.entries.length).toBeGreaterThan(0);
    expect(res.entries.every((e: { action: string }) => e.action.startsWith('auth.signin'))).toBe(
      true,
    );
    const times = res.entries.map((e: { timestamp: string }) => e.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.entries[0]).toHaveProperty('ipAddress');
  });
});
