import type { Pool } from 'pg';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsFolder, type Database } from './client';

// Any constant works; it only has to be the same for every instance.
const MIGRATION_LOCK_KEY = 4_242_001;

/** Applies the committed migrations. On PostgreSQL an advisory lock lets several instances start at once. */
export async function runMigrations(database: Database): Promise<void> {
  // Each driver's migrator is loaded only when used: drizzle's node-postgres one loads pg,
  // which a PGlite deployment does not carry.
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // One connection holds a session-level lock while the migrator runs on it. It is the
  // pool's settings without its timeouts: a migration may rightly outlast a request's statement.
  const [{ default: pg }, { drizzle }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
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
