import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { adminUrl, baseDbName, runPrefix, withDatabase } from '../pg-urls';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's id; its PostgreSQL databases are named after it. */
    pgRunId: string;
  }
}

/**
 * With TEST_DATABASE_URL, the migrations are applied once to this run's base
 * database; each test file then copies it (CREATE DATABASE ... TEMPLATE), which
 * is fast. Without it, every file uses its own in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const runId = crypto.randomBytes(4).toString('hex');
  project.provide('pgRunId', runId);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${baseDbName(runId)}`);
  await admin.end();
  const base = await openPostgres(withDatabase(url, baseDbName(runId)), 1);
  await runMigrations(base);
  await base.close();
  return async () => {
    const c = new pg.Client({ connectionString: adminUrl(url) });
    await c.connect();
    const { rows } = await c.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
      [runPrefix(runId)],
    );
    for (const row of rows) await c.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await c.end();
  };
}
