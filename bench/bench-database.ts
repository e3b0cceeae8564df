// The database a bench runs on: PGlite when no URL is given, otherwise a PostgreSQL database
// of its own (named `bench_<label>_<random>`) on that server, migrated, dropped by `drop`.
import crypto from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';

export async function openBenchDatabase(
  url: string | undefined,
  label: string,
): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  if (!url) {
    const database = await openPglite();
    await runMigrations(database);
    return { database, drop: async () => {} };
  }
  const name = `bench_${label}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = await openPostgres(own.toString(), 10);
  await runMigrations(database);
  return {
    database,
    url: own.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
