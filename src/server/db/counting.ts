import { sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

/**
 * How long a count that outlasted its budget is not tried again: the same filter (the same
 * SQL and values) answers its estimate at once meanwhile, instead of waiting out the
 * budget on every page of it.
 */
export const SLOW_COUNT_MEMORY_MS = 60_000;
/** The most filters remembered as slow per database; the oldest is forgotten first. */
const SLOW_COUNTS_KEPT = 500;

export type CountOptions = {
  limit?: number;
  budgetMs?: number;
  /** The clock of the slow-count memory (tests move it). */
  now?: () => number;
};

const dialect = new PgDialect();
/** Per database: the counts that timed out (their SQL and values), with when they did. */
const slowCounts = new WeakMap<Db, Map<string, number>>();

function slowCountsOf(db: Db): Map<string, number> {
  let memory = slowCounts.get(db);
  if (!memory) slowCounts.set(db, (memory = new Map()));
  return memory;
}

function keyOf(rows: SQLWrapper): string {
  const query = dialect.sqlToQuery(rows.getSQL());
  return JSON.stringify([query.sql, query.params]);
}

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
 * (`shown` rows, and one more when there is a next page); a first page with no next page
 * shows the whole list, so its total is exact whatever the count said; an exact count is
 * as counted.
 */
export function totalBesidePage(
  counted: { value: number; estimated: boolean },
  page: { shown: number; more: boolean; first: boolean },
): { total: number; totalEstimated: boolean } {
  if (page.first && !page.more) return { total: page.shown, totalEstimated: false };
  if (!counted.estimated) return { total: counted.value, totalEstimated: false };
  return { total: Math.max(counted.value, page.shown + (page.more ? 1 : 0)), totalEstimated: true };
}

const isQueryCanceled = (error: unknown) => pgErrorOf(error)?.code === '57014';

/**
 * A count, exact when it is small and quick, else estimated:
 * - `size` is the rows being counted (`SELECT 1 FROM … WHERE …`); the planner estimates it;
 * - above `limit`, `estimate(planned)` answers at once;
 * - else `exact` runs in a transaction of its own under `budgetMs` (PGlite, whose data
 *   is small, has no timeout: it always finishes), and on the timeout `estimate` answers;
 * - a count that timed out answers its estimate at once for SLOW_COUNT_MEMORY_MS after
 *   (the next pages of the same list do not wait out the budget again).
 */
export async function countWithin<T>(
  db: Db,
  query: {
    size: SQLWrapper;
    exact: (tx: DbOrTx) => Promise<T>;
    estimate: (planned: number) => Promise<T> | T;
  },
  { limit = EXACT_COUNT_LIMIT, budgetMs = COUNT_BUDGET_MS, now = Date.now }: CountOptions = {},
): Promise<{ value: T; estimated: boolean }> {
  const planned = await plannedRows(db, query.size);
  if (planned > limit) return { value: await query.estimate(planned), estimated: true };
  const slow = slowCountsOf(db);
  const key = keyOf(query.size);
  const timedOutAt = slow.get(key);
  if (timedOutAt !== undefined) {
    if (now() - timedOutAt < SLOW_COUNT_MEMORY_MS)
      return { value: await query.estimate(planned), estimated: true };
    slow.delete(key);
  }
  try {
    const value = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('statement_timeout', ${String(budgetMs)}, true)`);
      return query.exact(tx);
    });
    return { value, estimated: false };
  } catch (error) {
    if (!isQueryCanceled(error)) throw error;
    slow.set(key, now());
    if (slow.size > SLOW_COUNTS_KEPT) slow.delete(slow.keys().next().value!);
    return { value: await query.estimate(planned), estimated: true };
  }
}
