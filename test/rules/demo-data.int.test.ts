import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/db/demo-data';
import { earnings } from '../../src/server/db/schema/index';
import { recomputeEarnings } from '../../src/server/modules/payments/earnings.repo';
import { isStudyFull } from '../../src/shared/rules/capacity';
import { buildTestApp, type TestApp } from '../app';

/**
 * `npm run seed:demo` leaves data the product itself could have written (issue 12: the
 * demo showed "0 / 4 filled" beside two completed participants): every study's
 * currentParticipants is its scheduled plus completed count (decisions.md section 5),
 * earnings are what the payments add up to, and studies are open (section 6).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ studiesOpen: false });
  await seedDemoData(t.database.db, 'not-a-real-hash');
});
afterAll(async () => {
  await t.close();
});

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

describe('the demo data', () => {
  it("keeps every study's currentParticipants equal to its scheduled plus completed applications", async () => {
    const studies = await rows(sql`
      SELECT s.title, s.current_participants AS current,
        (SELECT count(*)::int FROM applications a
          WHERE a.test_id = s.id AND a.status IN ('scheduled', 'completed')) AS taken
      FROM tests s`);
    expect(studies.length).toBeGreaterThan(0);
    for (const study of studies) expect(study.current, String(study.title)).toBe(study.taken);
    expect(studies.some((s) => Number(s.taken) > 0)).toBe(true);
  });

  it('holds earnings equal to what the payments add up to', async () => {
    const before = await t.database.db.select().from(earnings);
    expect(before.length).toBeGreaterThan(0);
    for (const row of before) await recomputeEarnings(t.database.db, row.participantId);
    const after = await t.database.db.select().from(earnings);
    const figures = (list: typeof before) =>
      list
        .map(({ participantId, totalEarned, totalPaid, pendingPayments, completedTests }) => ({
          participantId,
          totalEarned,
          totalPaid,
          pendingPayments,
          completedTests,
        }))
        .sort((a, b) => a.participantId.localeCompare(b.participantId));
    expect(figures(after)).toEqual(figures(before));
  });

  it('opens studies and lists them as the API describes them, one of them full', async () => {
    const settings = await t.app.inject({ url: '/api/settings' });
    expect(settings.json()).toEqual({ settings: { studiesOpen: true } });
    const listed = (await t.app.inject({ url: '/api/tests' })).json().tests as {
      maxParticipants: number;
      currentParticipants: number;
    }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter(isStudyFull)).toHaveLength(1);
  });
});
