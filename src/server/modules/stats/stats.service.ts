import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Stats, StatsTrends } from '../../../shared/schemas/stats';

type Figures = Required<Stats>;

/**
 * Every figure of decisions.md section 3 in one round trip:
 * - companiesServed: distinct company names (case-insensitive) of studies that ran
 *   (active, paused or completed) and of client and research requests that
 *   reached in-progress or closed;
 * - totalParticipantsNeeded: open places in active studies (max minus scheduled and completed);
 * - totalEarnings: the sum of non-refunded payments, exact.
 */
export async function computeStats(db: Db): Promise<Figures> {
  const result = await db.execute(sql`
    SELECT
      (SELECT count(*) FROM participants)::int AS "participantCount",
      (SELECT count(DISTINCT name) FROM (
          SELECT lower(trim(company)) AS name FROM tests
            WHERE company IS NOT NULL AND trim(company) <> '' AND status IN ('active', 'paused', 'completed')
          UNION
          SELECT lower(trim(company_name)) FROM client_requests WHERE status IN ('in-progress', 'closed')
          UNION
          SELECT lower(trim(company)) FROM research_requests WHERE status IN ('in-progress', 'closed')
        ) AS companies)::int AS "companiesServed",
      (SELECT count(*) FROM tests WHERE status = 'completed')::int AS "projectsCompleted",
      (SELECT count(*) FROM tests WHERE status = 'active')::int AS "activeTests",
      (SELECT coalesce(sum(greatest(t.max_participants - coalesce(a.taken, 0), 0)), 0)
         FROM tests t
         LEFT JOIN (
           SELECT test_id, count(*) AS taken FROM applications
           WHERE status IN ('scheduled', 'completed') GROUP BY test_id
         ) a ON a.test_id = t.id
         WHERE t.status = 'active')::int AS "totalParticipantsNeeded",
      (SELECT coalesce(sum(amount), 0) FROM payments WHERE status <> 'refunded')::numeric(14,2)::text
        AS "totalEarnings"
  `);
  const row = (result as unknown as { rows: Omit<Figures, 'productsOptimized'>[] }).rows[0]!;
  return { ...row, productsOptimized: row.projectsCompleted };
}

export function publicStats(figures: Figures): Stats {
  return {
    participantCount: figures.participantCount,
    companiesServed: figures.companiesServed,
    productsOptimized: figures.productsOptimized,
    activeTests: figures.activeTests,
    totalParticipantsNeeded: figures.totalParticipantsNeeded,
  };
}

/** The business runs on Nairobi time: a week starts on Monday 00:00 there. */
export const TRENDS_TIME_ZONE = 'Africa/Nairobi';
/** How many weeks the trend charts cover, the current one included. */
export const TRENDS_WEEKS = 12;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/**
 * The weekly series of the Overview charts, one query each. The weeks come from
 * generate_series so a week without events is a row of zeros; each week is joined
 * by a range on the indexed timestamp (no date_trunc over every row).
 */
export async function computeTrends(db: Db, now: Date): Promise<StatsTrends> {
  const tz = TRENDS_TIME_ZONE;
  const weeks = sql`
    SELECT week, week AT TIME ZONE ${tz} AS starts, (week + interval '1 week') AT TIME ZONE ${tz} AS ends
      FROM generate_series(
        date_trunc('week', ${now.toISOString()}::timestamptz AT TIME ZONE ${tz}) - ${`${TRENDS_WEEKS - 1} weeks`}::interval,
        date_trunc('week', ${now.toISOString()}::timestamptz AT TIME ZONE ${tz}),
        interval '1 week'
      ) AS week`;
  const [applicationsResult, participantsResult, paymentsResult] = await Promise.all([
    db.execute(sql`
      WITH weeks AS (${weeks})
      SELECT to_char(w.week, 'YYYY-MM-DD') AS "weekStart",
             count(a.id) FILTER (WHERE a.status = 'interested')::int AS interested,
             count(a.id) FILTER (WHERE a.status = 'screening')::int AS screening,
             count(a.id) FILTER (WHERE a.status = 'selected')::int AS selected,
             count(a.id) FILTER (WHERE a.status = 'scheduled')::int AS scheduled,
             count(a.id) FILTER (WHERE a.status = 'completed')::int AS completed,
             count(a.id) FILTER (WHERE a.status = 'declined')::int AS declined,
             count(a.id) FILTER (WHERE a.status = 'disqualified')::int AS disqualified,
             count(a.id)::int AS total
        FROM weeks w
        LEFT JOIN applications a ON a.applied_at >= w.starts AND a.applied_at < w.ends
       GROUP BY w.week ORDER BY w.week
    `),
    db.execute(sql`
      WITH weeks AS (${weeks})
      SELECT to_char(w.week, 'YYYY-MM-DD') AS "weekStart", count(p.id)::int AS count
        FROM weeks w
        LEFT JOIN participants p ON p.created_at >= w.starts AND p.created_at < w.ends
       GROUP BY w.week ORDER BY w.week
    `),
    db.execute(sql`
      SELECT
        coalesce(sum(amount) FILTER (WHERE status = 'completed'), 0)::numeric(14,2)::text AS completed,
        coalesce(sum(amount) FILTER (WHERE status = 'pending'), 0)::numeric(14,2)::text AS pending,
        coalesce(sum(amount) FILTER (WHERE status = 'processing'), 0)::numeric(14,2)::text AS processing,
        coalesce(sum(amount) FILTER (WHERE status = 'failed'), 0)::numeric(14,2)::text AS failed
      FROM payments
    `),
  ]);
  const applicationsPerWeek =
    rowsOf<StatsTrends['applicationsPerWeek'][number]>(applicationsResult);
  return {
    weeks: applicationsPerWeek.map((row) => row.weekStart),
    applicationsPerWeek,
    participantsPerWeek: rowsOf<StatsTrends['participantsPerWeek'][number]>(participantsResult),
    payments: rowsOf<StatsTrends['payments']>(paymentsResult)[0]!,
  };
}
