// The PostgreSQL pool as configured: its size from DATABASE_POOL_SIZE, JIT off for every
// connection (decision 037). PGlite has no pool and no JIT: PostgreSQL only.
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from './client';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the PostgreSQL pool (needs TEST_DATABASE_URL)', () => {
  it('keeps DATABASE_POOL_SIZE connections at most, with JIT off on each', async () => {
    const config = loadConfig({
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '3',
      DATA_DIR: path.join(os.tmpdir(), 'pool-test-unused'),
    });
    const database = await openDatabase(config);
    try {
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      expect(pool.options.max).toBe(3);
      // Six statements at once: three run, three wait; every connection says jit is off.
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          database.db.execute(sql`SELECT current_setting('jit') AS jit, pg_backend_pid() AS pid`),
        ),
      );
      const rows = answers.map(
        (a) => (a as unknown as { rows: { jit: string; pid: number }[] }).rows[0]!,
      );
      expect(new Set(rows.map((r) => r.jit))).toEqual(new Set(['off']));
      expect(new Set(rows.map((r) => r.pid)).size).toBeLessThanOrEqual(3);
      expect(pool.totalCount).toBeLessThanOrEqual(3);
    } finally {
      await database.close();
    }
  });
});
