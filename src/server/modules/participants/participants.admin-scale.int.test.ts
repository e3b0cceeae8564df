// What the scale work on the admin participant list relies on (docs/decisions/015-scale-benchmarks.md):
// the row-comparison cursor over equal join times, the stored search_text kept in step with edits,
// and the plans PostgreSQL picks for them.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, loginAs } from '../../../../test/factories';
import { queryPlan } from '../../../../test/query-plan';
import { participants } from '../../db/schema/index';
import { devices, mobileMoneyServices, spokenLanguages } from '../../../shared/schemas/recruiting';

let t: TestApp;
let boss: { cookie: string };
const ids: string[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  boss = await loginAs(t.app, t.database.db, 'admin');
  for (let i = 0; i < 7; i++) {
    const { participant } = await createParticipant(t.app, {
      firstName: `Tie${i}`,
      location: 'Kisumu',
    });
    ids.push(participant.id);
  }
  // Five people who joined at the very same moment, between two others.
  await t.database.db
    .update(participants)
    .set({ createdAt: new Date('2026-01-01T11:00:00.000Z') })
    .where(eq(participants.id, ids[0]!));
  await t.database.db
    .update(participants)
    .set({ createdAt: new Date('2026-01-01T10:00:00.000Z') })
    .where(inArray(participants.id, ids.slice(1, 6)));
  await t.database.db
    .update(participants)
    .set({ createdAt: new Date('2026-01-01T09:00:00.000Z') })
    .where(eq(participants.id, ids[6]!));
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ url, headers: { cookie: boss.cookie } });

describe('participants list at scale', () => {
  it('pages through equal join times by id, each person once, in the order of one big page', async () => {
    const all = (await get('/api/participants?limit=200&search=kisumu')).json();
    expect(all.total).toBe(7);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { participants: { id: string }[]; nextCursor: string | null } = (
        await get(`/api/participants?limit=2&search=kisumu${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...page.participants.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.participants.map((p: { id: string }) => p.id));
    expect(new Set(seen).size).toBe(7);
    expect(seen[0]).toBe(ids[0]);
    expect(seen[6]).toBe(ids[6]);
  });

  it('pages through join times within one millisecond (microseconds apart) without skipping anyone', async () => {
    const micro: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { participant } = await createParticipant(t.app, {
        firstName: `Micro${i}`,
        location: 'Voi',
      });
      micro.push(participant.id);
      await t.database.db
        .update(participants)
        .set({ createdAt: sql`${`2026-02-02T08:00:00.000${i + 1}00Z`}::timestamptz` })
        .where(eq(participants.id, participant.id));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { participants: { id: string }[]; nextCursor: string | null } = (
        await get(`/api/participants?limit=1&search=voi${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...page.participants.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...micro].reverse());
  });

  it('finds a person by what they changed, and no longer by what they had', async () => {
    await t.database.db
      .update(participants)
      .set({ location: 'Lodwar', email: `renamed.${ids[0]!.slice(0, 8)}@example.com` })
      .where(eq(participants.id, ids[0]!));
    const found = async (q: string) =>
      (await get(`/api/participants?search=${encodeURIComponent(q)}`))
        .json()
        .participants.map((p: { id: string }) => p.id);
    expect(await found('LODWAR')).toEqual([ids[0]]);
    expect(await found(`renamed.${ids[0]!.slice(0, 8)}`)).toEqual([ids[0]]);
    expect(await found('kisumu')).not.toContain(ids[0]);
  });

  it('keeps one trigram index for the search, on search_text (the one expression the search reads)', async () => {
    const result = await t.database.db.execute(
      sql`SELECT indexname, indexdef FROM pg_indexes
           WHERE tablename = 'participants' AND indexdef ILIKE '%gin_trgm_ops%'`,
    );
    const rows = (result as unknown as { rows: { indexname: string; indexdef: string }[] }).rows;
    expect(rows.map((r) => r.indexname)).toEqual(['participants_search_text_idx']);
    expect(rows[0]?.indexdef).toContain('(search_text gin_trgm_ops)');
  });

  it('has, in the migrated database, a partial index for every option of each list field (a new option needs its migration: npm run db:generate)', async () => {
    const result = await t.database.db.execute(
      sql`SELECT indexname, indexdef FROM pg_indexes
           WHERE tablename = 'participants'
             AND indexname ~ '^participants_(language|device|mobile_money)_.+_idx$'`,
    );
    const rows = (result as unknown as { rows: { indexname: string; indexdef: string }[] }).rows;
    const expected = (
      [
        ['language', 'languages', spokenLanguages],
        ['device', 'devices', devices],
        ['mobile_money', 'mobile_money', mobileMoneyServices],
      ] as const
    ).flatMap(([field, column, values]) =>
      values.map((value) => ({ name: `participants_${field}_${value}_idx`, column, value })),
    );
    expect(rows.map((r) => r.indexname).sort()).toEqual(expected.map((e) => e.name).sort());
    // Each on its own option: the filter's predicate, `column @> ARRAY[value]`.
    for (const { name, column, value } of expected)
      expect(rows.find((r) => r.indexname === name)?.indexdef).toContain(
        `WHERE (${column} @> ARRAY['${value}'::text])`,
      );
  });

  it('plans deep pages as an index range and searches on the trigram index', async () => {
    await t.database.db.execute(sql`ANALYZE participants`);
    const plan = (query: ReturnType<typeof sql>) => queryPlan(t.database.db, query);
    expect(
      await plan(sql`SELECT id FROM participants
        WHERE (created_at, id) < (now(), '00000000-0000-0000-0000-000000000000'::uuid)
        ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 51`),
    ).toMatch(/Index Cond: \(ROW\(created_at, id\) < ROW/);
    expect(
      await plan(sql`SELECT count(*) FROM participants WHERE search_text LIKE '%lodwar%'`),
    ).toContain('participants_search_text_idx');
  });
});
