import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { adminUrl, baseDbName, runPrefix, withDatabase } from '../pg-urls';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's id; its PostgreSQL databases are named after it. */
    pgRunId: string;
    /** Without TEST_DATABASE_URL: a migrated PGlite's data directory (a `dumpDataDir()` tar). */
    pgliteSnapshot: string;
  }
}

/**
 * The migrations run once per run, never once per file. With TEST_DATABASE_URL they are
 * applied to this run's base database, which each test file copies (CREATE DATABASE ...
 * TEMPLATE). Without it, a migrated PGlite's data directory is dumped to a file, and each
 * file starts its own in-memory PGlite from it.
 */
export default async function setup(project: TestProject) {
  const runId = crypto.randomBytes(4).toString('hex');
  project.provide('pgRunId', runId);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const started = Date.now();
    const snapshot = path.join(os.tmpdir(), `insightlab-pglite-${runId}.tar`);
    const database = await openPglite();
    const { pglite } = database;
    if (!pglite) throw new Error('openPglite() returned no PGlite instance');
    await runMigrations(database);
    await pglite.query('CHECKPOINT');
    // Uncompressed: a file loads faster from a tar than from a tar.gz.
    const dump = await pglite.dumpDataDir('none');
    fs.writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteSnapshot', snapshot);
    console.log(`migrated PGlite snapshot ready in ${Date.now() - started} ms`);
    return () => fs.rmSync(snapshot, { force: true });
  }
  project.provide('pgliteSnapshot', '');
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
