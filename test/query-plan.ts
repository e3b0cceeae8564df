import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';

/**
 * The plan PostgreSQL (or PGlite) picks for `query`, as EXPLAIN's text. A test table holds
 * a handful of rows, where a sequential scan and a sort are cheapest whatever the indexes;
 * with sequential scans off, the planner shows what it does at scale: an index that serves
 * the ORDER BY leaves no Sort node, one that cannot serve it leaves a Sort above the scan.
 */
export async function queryPlan(db: Db, query: SQLWrapper): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const result = await tx.execute(sql`EXPLAIN ${query}`);
    return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  });
}
