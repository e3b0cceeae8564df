import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';
import { projectRoot } from '../lib/project-root';
import { acquireDataDirLock, type DataDirLock } from './pglite-lock';
import { makeOwnerOnly, ownerOnlyFromNowOn } from './private-files';

export type Schema = typeof schema;
/** One handle type for both drivers: everything the app does is plain Drizzle on Postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, or the database itself, for code that can run inside either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers when the database can run a query. */
  ping(): Promise<void>;
  /** Flushes to disk (PGlite) and closes. */
  close(): Promise<void>;
  /** The PGlite instance, for backups and tests. */
  pglite?: PGlite;
};

export const migrationsFolder = path.join(projectRoot(), 'drizzle');

// Each driver is loaded only when it is used: a server on PostgreSQL never carries PGlite's
// WebAssembly Postgres in its memory (about 37 MB), nor PGlite the pg client.
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await pool.end();
    },
  };
}

/** PGlite in memory (no dataDir) for tests, or persisted and locked under dataDir. */
export async function openPglite(dataDir?: string, pglite?: PGlite): Promise<Database> {
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  let lock: DataDirLock | undefined;
  let client = pglite;
  if (!client) {
    const [{ PGlite }, { pg_trgm }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
    ]);
    if (dataDir) {
      // Owner-only whatever the umask (a reset token sits in the WAL), older installs fixed.
      ownerOnlyFromNowOn();
      fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      lock = await acquireDataDirLock(dataDir);
    }
    try {
      if (dataDir) makeOwnerOnly(dataDir);
      // pg_trgm backs the participant search index (migration 0002).
      // One options object: PGlite ignores the options when the first argument is undefined.
      client = new PGlite({
        ...(dataDir ? { dataDir: path.join(dataDir, 'db') } : {}),
        extensions: { pg_trgm },
      });
      await client.waitReady;
      // PGlite unpacks its first data files with their own modes (0666), past the umask.
      if (dataDir) makeOwnerOnly(dataDir);
    } catch (error) {
      lock?.release();
      throw error;
    }
  }
  const pgl = client;
  const db = drizzlePglite(pgl, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: pgl,
    async ping() {
      await pgl.query('SELECT 1');
    },
    async close() {
      if (!pgl.closed) {
        await pgl.query('CHECKPOINT');
        await pgl.close();
      }
      lock?.release();
    },
  };
}

export async function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
