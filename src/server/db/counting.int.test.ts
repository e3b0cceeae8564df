// Counts at scale (docs/decisions/037-counts-at-scale.md): exact when small and quick, else
// the planner's estimate, said to be one; on both databases.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres } from '../../../test/db';
import type { Database } from './client';
import { countWithin, plannedRows, roughly, SLOW_COUNT_MEMORY_MS } from './counting';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const series = (n: number) => sql`SELECT 1 FROM generate_series(1, ${sql.raw(String(n))})`;
const countOf =
  (n: number) => async (tx: Parameters<Parameters<typeof countWithin>[1]['exact']>[0]) => {
    const result = (await tx.execute(
      sql`SELECT count(*)::int AS n FROM generate_series(1, ${sql.raw(String(n))})`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };

describe('countWithin', () => {
  it('reads the planner’s estimate without running the query', async () => {
    expect(await plannedRows(database.db, series(1234))).toBe(1234);
  });

  it('counts exactly, and says so, when the planner expects no more than the limit', async () => {
    const counted = await countWithin(database.db, {
      size: series(50),
      exact: countOf(50),
      estimate: () => {
        throw new Error('no estimate for a small count');
      },
    });
    expect(counted).toEqual({ value: 50, estimated: false });
  });

  it('answers the rounded estimate, and never counts, when the planner expects more than the limit', async () => {
    const counted = await countWithin(
      database.db,
      {
        size: series(12_345),
        exact: () => {
          throw new Error('no exact count above the limit');
        },
        estimate: roughly,
      },
      { limit: 10_000 },
    );
    expect(counted).toEqual({ value: 12_000, estimated: true });
  });

  // PGlite has no statement timeout (its data is small: an exact count there always ends).
  it.runIf(onPostgres)(
    'gives way to the estimate when the exact count outlasts its budget, and the timeout stays in that count',
    async () => {
      const counted = await countWithin(
        database.db,
        {
          size: series(40),
          exact: async (tx) => {
            await tx.execute(sql`SELECT pg_sleep(2)`);
            return -1;
          },
          estimate: roughly,
        },
        { budgetMs: 20 },
      );
      expect(counted).toEqual({ value: 40, estimated: true });
      // The budget was the transaction's own: the pool's connections take longer statements.
      await expect(database.db.execute(sql`SELECT pg_sleep(0.1)`)).resolves.toBeDefined();
    },
  );

  it.runIf(onPostgres)(
    'answers the estimate at once for a filter whose count timed out, and counts it again after the memory',
    async () => {
      let clock = 1_000_000;
      const options = { budgetMs: 20, now: () => clock };
      let attempts = 0;
      const slowCount = {
        size: series(41),
        exact: async (tx: Parameters<Parameters<typeof countWithin>[1]['exact']>[0]) => {
          attempts += 1;
          await tx.execute(sql`SELECT pg_sleep(2)`);
          return -1;
        },
        estimate: roughly,
      };
      expect(await countWithin(database.db, slowCount, options)).toEqual({
        value: 41,
        estimated: true,
      });
      expect(attempts).toBe(1);

      clock += SLOW_COUNT_MEMORY_MS - 1;
      expect(await countWithin(database.db, slowCount, options)).toEqual({
        value: 41,
        estimated: true,
      });
      expect(attempts).toBe(1);
      // Another filter (other values) is its own: it is counted.
      expect(
        await countWithin(
          database.db,
          { ...slowCount, size: series(42), exact: countOf(42) },
          options,
        ),
      ).toEqual({ value: 42, estimated: false });

      clock += 1;
      await countWithin(database.db, slowCount, options);
      expect(attempts).toBe(2);
    },
  );

  it('lets other failures through (a broken count is not an estimate)', async () => {
    await expect(
      countWithin(database.db, {
        size: series(5),
        exact: (tx) => tx.execute(sql`SELECT 1 / 0`).then(() => 0),
        estimate: roughly,
      }),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
  });
});
