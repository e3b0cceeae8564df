// The fault helpers themselves: a fault they inject must reach the code under test as an error,
// on either driver, never as a query that waits forever.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { createTestDatabase, onPostgres } from '../db';
import { failOnceEverywhere, lostConnection } from './driver-fault';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('failOnceEverywhere', () => {
  it('fails a statement outside a transaction even where the driver passes it on with a callback (the pool to its client)', async () => {
    // Fires on the statement's second sight: node-postgres' pool sees it first, then the
    // client it checks out, which the pool calls with a callback and waits on.
    let seen = 0;
    const undo = failOnceEverywhere(
      database,
      (text) => text.includes('fault_probe') && ++seen === 2,
      lostConnection(),
    );
    try {
      // PGlite sees a statement once: it runs. node-postgres sees it twice: it fails, at once
      // (before the fix, the pool waited forever on a callback never called).
      const outcome = await database.db.execute(sql`SELECT 1 AS fault_probe`).then(
        () => 'ran',
        (error: { code?: string; cause?: { code?: string } }) =>
          (error.cause ?? error).code ?? 'failed',
      );
      expect(outcome).toBe(onPostgres ? '57P01' : 'ran');
      expect(seen).toBe(onPostgres ? 2 : 1);
    } finally {
      undo();
    }
    // The fault fired once: the next statement runs.
    await expect(database.db.execute(sql`SELECT 1 AS fault_probe`)).resolves.toBeDefined();
  });
});
