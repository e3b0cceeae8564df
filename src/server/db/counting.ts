import { sql, type SQLWrapper } from 'drizzle-orm';
import { pgErrorOf } from '../lib/db-errors';
import type { Db, DbOrTx } from './client';

/**
 * Counts that stay fast at a million participants (docs/decisions/037-counts-at-scale.md):
 * a count the planner expects above EXACT_COUNT_LIMIT is answered with its estimate, and an
 * exact count that would take longer than COUNT_BUDGET_MS gives way to the estimate too.
 * Either way the answer says it is an estimate; below the limit, and whenever the count is
 * quick, it is exact.
 */
export const EXACT_COUNT_LIMIT = 10_000;
/** The longest an exact count may run (PostgreSQL's statement_timeout, in this transaction). */
export const COUNT_BUDGET_MS = 30;

export type CountOptions = { limit?: number; budgetMs?: number };

/** The planner's estimate of how many rows `rows` answers (EXPLAIN, nothing run). */
export async function plannedRows(db: DbOrTx, rows: SQLWrapper): Promise<number> {
  const result = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${rows}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const cell = result.rows[0]?.['QUERY PLAN'];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as
    [{ Plan: { 'Plan Rows': number } }] | undefined;
  return Math.max(0, Math.round(plan?.[0]?.Plan['Plan Rows'] ?? 0));
}

/** An estimate as it is shown: two significant digits (42,841 → 43,000), small ones whole. */
export function roughly(n: number): number {
  if (n < 100) return Math.round(n);
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / step) * step;
}

/**
 * A list's total beside its page: an estimate never says fewer than the page already shows
 * (`shown` rows, and one more when there is a next page); an exact count is as counted.
 */
export function totalBesidePage(
  counted: { value: number; estimated: boolean },
  shown: number,
  more: boolean,
): number {
  return counted.estimated ? Math.max(counted.value, shown + (more ? 1 : 0)) : counted.value;
}

const isQueryCanceled = (error: unknown) => pgErrorOf(error)?.code === '57014';

/**
 * A count, exact when it is small and quick, else estimated:
 * - `size` is the rows being counted (`SELECT 1 FROM … WHERE …`); the planner estimates it;
 * - above `limit`, `estimate(planned)` answers at once;
 * - else `exact` runs in a transaction of its own under `budgetMs` (PGlite, whose data
 *   is small, has no timeout: it always finishes), and on the timeout `estimate` answers.
 */
export async function countWithin<T>(
  db: Db,
  query: {
    size: SQLWrapper;
    exact: (tx: DbOrTx) => Promise<T>;
    estimate: (planned: number) => Promise<T> | T;
  },
  { limit = EXACT_COUNT_LIMIT, budgetMs = COUNT_BUDGET_MS }: CountOptions = {},
): Promise<{ value: T; estimated: boolean }> {
  const planned = await plannedRows(db, query.size);
  if (planned > limit) return { value: await query.estimate(planned), estimated: true };
  try {
    const value = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('statement_timeout', ${String(budgetMs)}, true)`);
      return query.exact(tx);
    });
    return { value, estimated: false };
  } catch (error) {
    if (!isQueryCanceled(error)) throw error;
    return { value: await query.estimate(planned), estimated: true };
  }
}
