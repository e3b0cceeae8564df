import pg from 'pg';
import { openPostgres } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { BASE_DB_NAME, adminUrl, withDatabase } from '../pg-urls';

/**
 * With TEST_DATABASE_URL, the migrations are applied once to a base database;
 * each test file then copies it (CREATE DATABASE ... TEMPLATE), which is fast.
 * Without it, every file uses its own in-memory PGlite and nothing happens here.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${BASE_DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${BASE_DB_NAME}`);
  await admin.end();
  const base = await openPostgres(withDatabase(url, BASE_DB_NAME), 1);
  await runMigrations(base);
  await base.close();
  return async () => {
    const c = new pg.Client({ connectionString: adminUrl(url) });
    await c.connect();
    const { rows } = await c.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'app_test_%'`,
    );
    for (const row of rows) await c.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await c.end();
  };
}
