import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/db/demo-data';
import { earnings } from '../../src/server/db/schema/index';
import { recomputeEarnings } from '../../src/server/modules/payments/earnings.repo';
import { isStudyFull } from '../../src/shared/rules/capacity';
import { devices, genders, kenyanCounties } from '../../src/shared/schemas/recruiting';
import { LEGAL_VERSIONS } from '../../src/shared/site';
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
  it('gives participants varied research profiles in the option sets, some opted in, with consent kept', async () => {
    const people = await rows(sql`
      SELECT p.gender, p.county, p.devices, p.invite_opt_in AS "optedIn", p.terms_version AS terms,
        (SELECT count(*)::int FROM consent_records c WHERE c.participant_id = p.id) AS records
      FROM participants p`);
    expect(new Set(people.map((p) => p.county)).size).toBeGreaterThan(3);
    expect(new Set(people.map((p) => p.gender)).size).toBeGreaterThan(2);
    expect(people.some((p) => p.optedIn)).toBe(true);
    expect(people.some((p) => !p.optedIn)).toBe(true);
    for (const p of people) {
      expect(p.terms).toBe(LEGAL_VERSIONS.terms);
      expect(p.records).toBe(3);
      if (p.gender !== null) expect(genders).toContain(p.gender);
      if (p.county !== null) expect(kenyanCounties).toContain(p.county);
      for (const d of p.devices as string[]) expect(devices).toContain(d);
    }
  });

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

  it('has sessions with bookings within their seats, a waitlist, and a no-show (decisions.md section 9)', async () => {
    const sessions = await rows(sql`
      SELECT s.capacity, s.starts_at,
        (SELECT count(*)::int FROM applications a
          WHERE a.session_id = s.id AND a.status IN ('scheduled', 'completed')) AS booked
      FROM study_sessions s`);
    expect(sessions.length).toBeGreaterThanOrEqual(3);
    for (const s of sessions) expect(Number(s.booked)).toBeLessThanOrEqual(Number(s.capacity));
    expect(sessions.some((s) => new Date(String(s.starts_at)) > new Date())).toBe(true);
    // Every booking is in a session of its own study, and is reminded of.
    const strays = await rows(sql`
      SELECT a.id FROM applications a JOIN study_sessions s ON s.id = a.session_id
      WHERE s.test_id <> a.test_id
         OR (a.status = 'scheduled' AND NOT EXISTS (
               SELECT 1 FROM session_reminders r WHERE r.application_id = a.id))`);
    expect(strays).toEqual([]);
    const unbooked = await rows(sql`
      SELECT a.id FROM applications a
      WHERE a.status = 'scheduled' AND a.session_id IS NULL
        AND EXISTS (SELECT 1 FROM study_sessions s WHERE s.test_id = a.test_id)`);
    expect(unbooked).toEqual([]);
    const waiting = await rows(sql`
      SELECT w.id FROM waitlist_entries w JOIN applications a ON a.id = w.application_id
      WHERE w.status = 'waiting' AND a.status = 'selected'`);
    expect(waiting).toHaveLength(1);
    const missed = await rows(
      sql`SELECT id FROM applications WHERE attendance = 'no_show' AND status = 'no_show'`,
    );
    expect(missed).toHaveLength(1);
  });
});
