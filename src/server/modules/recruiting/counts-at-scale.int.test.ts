// Counts at scale (docs/decisions/037-counts-at-scale.md) through the API: the participants
// and applications lists' totals and a study's matches are exact while small, and past
// 10,000 the planner's rounded estimate, marked as one; on both databases.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';

const PEOPLE = 12_000;
const IN_LAMU = 30;

let t: TestApp;
let admin: { cookie: string };
let studyId: string;
let busyStudyId: string;
let everyone: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t.app, t.database.db, 'admin');
  studyId = (await createStudy(t.database.db)).id;
  // Twelve thousand people in one statement: half opted in to invitations, thirty in Lamu.
  // The possible-duplicates trigger, right for one registration at a time, would run once per
  // row (past the statement timeout on a busy machine); off for the bulk insert, as seed:scale.
  await t.database.db.execute(
    sql`ALTER TABLE participants DISABLE TRIGGER participants_duplicates`,
  );
  await t.database.db.execute(sql`
    INSERT INTO participants (first_name, last_name, email, phone, password_hash, county,
      invite_opt_in, date_of_birth)
    SELECT 'Scale', 'Person' || n, 'scale' || n || '@example.com',
      '+2547' || lpad(n::text, 8, '0'), 'not-a-hash',
      CASE WHEN n <= ${IN_LAMU} THEN 'Lamu' ELSE 'Nairobi' END, n % 2 = 0, '1990-01-01'
    FROM generate_series(1, ${PEOPLE}) AS n`);
  await t.database.db.execute(sql`ALTER TABLE participants ENABLE TRIGGER participants_duplicates`);
  // And every one of them applied to another study.
  busyStudyId = (await createStudy(t.database.db, { maxParticipants: PEOPLE })).id;
  await t.database.db.execute(sql`
    INSERT INTO applications (participant_id, test_id)
    SELECT id, ${busyStudyId} FROM participants WHERE email LIKE 'scale%@example.com'`);
  await t.database.db.execute(sql`ANALYZE participants`);
  await t.database.db.execute(sql`ANALYZE applications`);
  const result = (await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM participants`,
  )) as unknown as { rows: { n: number }[] };
  everyone = result.rows[0]!.n;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const get = async <T>(url: string) => {
  const res = await t.app.inject({ url, headers: { cookie: admin.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json<T>();
};
/** Two significant digits, as decision 037 rounds an estimate. */
const isRounded = (n: number) => String(n).replace(/^(\d{2})0*$/, '$1').length <= 2;

describe('counts past 10,000', () => {
  it('the participants list answers an estimate of everyone, rounded and marked, beside an exact first page', async () => {
    const body = await get<{ participants: unknown[]; total: number; totalEstimated: boolean }>(
      '/api/participants?limit=50',
    );
    expect(body.participants).toHaveLength(50);
    expect(body.totalEstimated).toBe(true);
    expect(isRounded(body.total)).toBe(true);
    expect(Math.abs(body.total - everyone) / everyone).toBeLessThan(0.1);
  });

  it('the participants list counts a small filter exactly, and says so', async () => {
    const body = await get<{ total: number; totalEstimated: boolean }>(
      '/api/participants?limit=50&county=Lamu',
    );
    expect(body).toMatchObject({ total: IN_LAMU, totalEstimated: false });
  });

  it('a study’s matches are estimates past 10,000 (eligible, and invitable among them)', async () => {
    const body = await get<{ total: number; invitable: number; estimated: boolean }>(
      `/api/tests/${studyId}/matches`,
    );
    expect(body.estimated).toBe(true);
    expect(Math.abs(body.total - PEOPLE) / PEOPLE).toBeLessThan(0.1);
    // Half opted in (and nobody invited yet): the estimate of the invitable is about half.
    expect(Math.abs(body.invitable - PEOPLE / 2) / (PEOPLE / 2)).toBeLessThan(0.2);
    expect(isRounded(body.total) && isRounded(body.invitable)).toBe(true);
  });

  it('a study’s matches are exact for narrow criteria', async () => {
    const criteria = encodeURIComponent(JSON.stringify({ counties: ['Lamu'] }));
    const body = await get<{ total: number; invitable: number; estimated: boolean }>(
      `/api/tests/${studyId}/matches?criteria=${criteria}`,
    );
    expect(body).toMatchObject({ total: IN_LAMU, invitable: IN_LAMU / 2, estimated: false });
  });

  it('the applications list answers an estimate past 10,000, and counts one study’s few exactly', async () => {
    const all = await get<{ total: number; totalEstimated: boolean }>(
      `/api/applications?limit=50&testId=${busyStudyId}`,
    );
    expect(all.totalEstimated).toBe(true);
    expect(Math.abs(all.total - PEOPLE) / PEOPLE).toBeLessThan(0.1);
    const few = await get<{ total: number; totalEstimated: boolean }>(
      `/api/applications?limit=50&testId=${studyId}`,
    );
    expect(few).toMatchObject({ total: 0, totalEstimated: false });
  });
});
