import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, createStudy, loginAs, signIn } from '../../../../test/factories';

let t: TestApp;
let boss: { cookie: string };
let wanjiru: { id: string; cookie: string; email: string };
let baraka: { id: string; cookie: string };
let small: { id: string }; // one place
let big: { id: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  boss = await loginAs(t.app, t.database.db, 'admin');
  const w = await createParticipant(t.app, {
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    phone: '+254711000111',
  });
  wanjiru = { ...w.participant, cookie: (await signIn(t.app, w.input.email)).cookie };
  const b = await createParticipant(t.app, { firstName: 'Baraka', lastName: 'Otieno' });
  baraka = { ...b.participant, cookie: (await signIn(t.app, b.input.email)).cookie };
  small = await createStudy(t.database.db, { title: 'Small study', maxParticipants: 1 });
  big = await createStudy(t.database.db, { title: 'Big study', maxParticipants: 3 });
  for (const [who, study, key] of [
    [wanjiru, small, 'wSmall'],
    [baraka, small, 'bSmall'],
    [wanjiru, big, 'wBig'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: who.cookie },
      payload: { participantId: who.id, testId: study.id },
    });
    expect(res.statusCode).toBe(201);
    ids[key] = res.json().application.id;
  }
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie = boss.cookie) => t.app.inject({ url, headers: { cookie } });
const list = async (query: string) => {
  const res = await get(`/api/applications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    applications: {
      id: string;
      status: string;
      participant: { firstName: string; email: string; phone: string } | null;
      test: { id: string; maxParticipants: number; scheduledCount: number };
    }[];
    nextCursor?: string | null;
    total?: number;
  };
};

describe('GET /api/applications for admins', () => {
  it('names the person and the study capacity, newest first, under the spec key', async () => {
    const body = await list('');
    expect(Object.keys(body)).toEqual(['applications']);
    expect(body.applications.map((a) => a.id)).toEqual([ids.wBig, ids.bSmall, ids.wSmall]);
    const first = body.applications[0]!;
    expect(first.participant).toEqual({
      id: wanjiru.id,
      firstName: 'Wanjiru',
      lastName: 'Kamau',
      email: wanjiru.email,
      phone: '+254711000111',
      reliability: { completedCount: 0, noShowCount: 0, reliability: null, bookingPaused: false },
    });
    expect(first.test).toMatchObject({
      id: big.id,
      title: 'Big study',
      maxParticipants: 3,
      scheduledCount: 0,
      currentParticipants: 0,
    });
  });

  it('counts scheduled places per study', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/applications/${ids.wSmall}/status`,
      headers: { cookie: boss.cookie },
      payload: { status: 'scheduled' },
    });
    expect(res.statusCode).toBe(200);
    const rows = (await list(`?testId=${small.id}`)).applications;
    expect(rows.map((a) => [a.id, a.status])).toEqual([
      [ids.bSmall, 'interested'],
      [ids.wSmall, 'scheduled'],
    ]);
    for (const a of rows)
      expect(a.test).toMatchObject({
        maxParticipants: 1,
        scheduledCount: 1,
        currentParticipants: 1,
      });
    expect((await list(`?testId=${big.id}`)).applications[0]!.test.scheduledCount).toBe(0);
  });

  it('filters by status, study and a case-insensitive search of name, e-mail and phone', async () => {
    const found = async (q: string) => (await list(q)).applications.map((a) => a.id).sort();
    expect(await found('?status=scheduled')).toEqual([ids.wSmall]);
    expect(await found('?status=interested')).toEqual([ids.bSmall, ids.wBig].sort());
    expect(await found(`?testId=${big.id}`)).toEqual([ids.wBig]);
    expect(await found('?search=WANJIRU%20kam')).toEqual([ids.wSmall, ids.wBig].sort());
    expect(await found(`?search=${encodeURIComponent(wanjiru.email.toUpperCase())}`)).toEqual(
      [ids.wSmall, ids.wBig].sort(),
    );
    // A phone typed the local way is looked up in E.164, as in the participants list.
    expect(await found('?search=0711000111')).toEqual([ids.wSmall, ids.wBig].sort());
    expect(await found('?search=711000111')).toEqual([ids.wSmall, ids.wBig].sort());
    expect(await found('?search=%25')).toEqual([]); // a literal %, not "anything"
    expect(await found(`?search=wanjiru&testId=${small.id}&status=scheduled`)).toEqual([
      ids.wSmall,
    ]);
    expect(await found('?search=nobody-here')).toEqual([]);
    expect((await list('?search=baraka&limit=10')).total).toBe(1);
  });

  it('pages by appliedAt and id with a cursor, with the total, even among equal timestamps', async () => {
    const study = await createStudy(t.database.db, { title: 'Paging study' });
    const people = [];
    for (let i = 0; i < 3; i++)
      people.push((await createParticipant(t.app, { firstName: `Pager${i}` })).participant);
    // Two rows at the same microsecond, one 400 µs earlier (a Date cannot hold µs: set in SQL).
    const inserted = await t.database.db
      .insert(applications)
      .values(people.map((p) => ({ participantId: p.id, testId: study.id })))
      .returning({ id: applications.id });
    const at = [
      '2030-01-01T00:00:00.000500Z',
      '2030-01-01T00:00:00.000500Z',
      '2030-01-01T00:00:00.000100Z',
    ];
    for (const [i, row] of inserted.entries())
      await t.database.db.execute(
        sql`UPDATE applications SET applied_at = ${at[i]}::timestamptz WHERE id = ${row.id}::uuid`,
      );
    const all = (await list(`?testId=${study.id}`)).applications.map((a) => a.id);
    expect(all).toHaveLength(3);

    const seen: string[] = [];
    let page = await list(`?testId=${study.id}&limit=1`);
    expect(page.total).toBe(3);
    seen.push(...page.applications.map((a) => a.id));
    while (page.nextCursor) {
      page = await list(`?testId=${study.id}&limit=1&cursor=${page.nextCursor}`);
      expect(page.total).toBe(3);
      seen.push(...page.applications.map((a) => a.id));
    }
    expect(seen).toEqual(all);

    const everything = await list('?limit=2');
    expect(everything.applications).toHaveLength(2);
    expect(everything.total).toBe(6);
    expect(everything.nextCursor).toEqual(expect.any(String));
    // Newest first: the 2030 rows lead.
    expect(everything.applications.every((a) => a.test.id === study.id)).toBe(true);
  });

  it('refuses bad parameters with 400 and a field message', async () => {
    for (const [query, field] of [
      ['?status=archived', 'status'],
      ['?testId=not-an-id', 'testId'],
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?limit=ten', 'limit'],
      ['?cursor=garbage', 'cursor'],
      [`?cursor=${Buffer.from('2030-01-01T00:00:00.000000Z|x').toString('base64url')}`, 'cursor'],
      [`?search=${'x'.repeat(101)}`, 'search'],
    ] as const) {
      const res = await get(`/api/applications${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), query).toContain(field);
    }
  });

  it('answers 401 without a session; a participant gets only their own, without others’ details', async () => {
    expect((await t.app.inject({ url: '/api/applications' })).statusCode).toBe(401);
    const mine = (await get('/api/applications?limit=1&search=baraka', wanjiru.cookie)).json();
    expect(mine.applications.map((a: { id: string }) => a.id).sort()).toEqual(
      [ids.wSmall, ids.wBig].sort(),
    );
    for (const a of mine.applications) {
      expect(a).not.toHaveProperty('participant');
      expect(a.test).not.toHaveProperty('maxParticipants');
    }
    expect(mine).not.toHaveProperty('total');
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/applications/${ids.bSmall}/status`,
      headers: { cookie: wanjiru.cookie },
      payload: { status: 'declined' },
    });
    expect(moved.statusCode).toBe(403);
  });

  it('drops a deleted person’s applications (their payments stay, detached)', async () => {
    const before = (await list('?limit=1')).total!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/participants/${baraka.id}`,
      headers: { cookie: baraka.cookie },
    });
    expect(res.statusCode).toBe(200);
    const after = await list('?limit=200');
    expect(after.total).toBe(before - 1);
    expect(after.applications.map((a) => a.id)).not.toContain(ids.bSmall);
    expect(after.applications.every((a) => a.participant !== null)).toBe(true);
    expect((await list('?search=baraka&limit=5')).total).toBe(0);
  });
});
