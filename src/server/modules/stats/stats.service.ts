import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Stats } from '../../../shared/schemas/stats';

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
