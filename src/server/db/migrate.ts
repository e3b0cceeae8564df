import type { Pool } from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsFolder, type Database } from './client';

// Any constant works; it only has to be the same for every instance.
const MIGRATION_LOCK_KEY = 4_242_001;

/** Applies the committed migrations. On PostgreSQL an advisory lock lets several instances start at once. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // One connection holds a session-level lock while the migrator runs on it. It is the
  // pool's settings without its timeouts: a migration may rightly outlast a request's statement.
  const { default: pg } = await import('pg');
  const { options } = (database.db as unknown as { $client: Pool }).$client;
  const client = new pg.Client({
    ...options,
    statement_timeout: undefined,
    query_timeout: undefined,
  });
  client.on('error', () => {}); // a lost connection fails the migration's query instead
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
