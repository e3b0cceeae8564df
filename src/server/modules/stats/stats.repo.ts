import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { studies } from '../../db/schema/index';
import type { Stats, StatsTrends } from '../../../shared/schemas/stats';
import { placesTakenIn } from '../applications/applications.repo';

type Rows<T> = { rows: T[] };
// db.execute answers the driver's result; both drivers carry the rows in `rows`.
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** Every figure but productsOptimized, which the service derives. */
export type FiguresRow = Omit<Required<Stats>, 'productsOptimized'>;

/**
 * Every figure of decisions.md section 3 in one round trip:
 * - companiesServed: distinct company names (case-insensitive) of studies that ran
 *   (active, paused or completed) and of client and research requests that
 *   reached in-progress or closed;
 * - totalParticipantsNeeded: open places in active studies (max minus places taken,
 *   never below zero);
 * - totalEarnings: the sum of non-refunded payments, exact.
 */
export async function selectFigures(db: DbOrTx): Promise<FiguresRow | undefined> {
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
      (SELECT coalesce(sum(greatest(${studies.maxParticipants} - ${placesTakenIn(studies.id)}, 0)), 0)
         FROM ${studies} WHERE ${studies.status} = 'active')::int AS "totalParticipantsNeeded",
      (SELECT coalesce(sum(amount), 0) FROM payments WHERE status <> 'refunded')::numeric(14,2)::text
        AS "totalEarnings"
  `);
  return rowsOf<FiguresRow>(result)[0];
}

/**
 * The weekly series of the Overview charts, one query each. The weeks come from
 * generate_series so a week without events is a row of zeros; each week is joined
 * by a range on the indexed timestamp (no date_trunc over every row). Weeks start on
 * Monday 00:00 in `timeZone`; `weeks` of them end with the one holding `now`.
 */
export async function selectTrends(
  db: DbOrTx,
  { now, timeZone: tz, weeks: count }: { now: Date; timeZone: string; weeks: number },
): Promise<StatsTrends> {
  const weeks = sql`
    SELECT week, week AT TIME ZONE ${tz} AS starts, (week + interval '1 week') AT TIME ZONE ${tz} AS ends
      FROM generate_series(
        date_trunc('week', ${now.toISOString()}::timestamptz AT TIME ZONE ${tz}) - ${`${count - 1} weeks`}::interval,
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
  const zero = '0.00';
  return {
    weeks: applicationsPerWeek.map((row) => row.weekStart),
    applicationsPerWeek,
    participantsPerWeek: rowsOf<StatsTrends['participantsPerWeek'][number]>(participantsResult),
    // An aggregate without GROUP BY answers one row; the fallback only satisfies the type.
    payments: rowsOf<StatsTrends['payments']>(paymentsResult)[0] ?? {
      completed: zero,
      pending: zero,
      processing: zero,
      failed: zero,
    },
  };
}
