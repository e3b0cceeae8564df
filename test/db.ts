import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { inject } from 'vitest';
import { adminUrl, baseDbName, runPrefix, withDatabase } from './pg-urls';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A fresh, migrated database for one test file: an in-memory PGlite started from the run's
 * migrated snapshot, or with TEST_DATABASE_URL a copy of the migrated base database on the
 * PostgreSQL server.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const snapshot = inject('pgliteSnapshot');
    // A test file run without the int project's global setup migrates its own.
    if (!snapshot) {
      const database = await openPglite();
      await runMigrations(database);
      return database;
    }
    return openPglite(undefined, { loadDataDir: new Blob([fs.readFileSync(snapshot)]) });
  }
  const runId = inject('pgRunId');
  const name = `${runPrefix(runId)}${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${baseDbName(runId)}`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(withDatabase(url, name), 10);
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl(url) });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
