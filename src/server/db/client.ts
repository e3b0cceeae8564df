import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';
import { acquireDataDirLock, type DataDirLock } from './pglite-lock';

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

export const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
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
  let lock: DataDirLock | undefined;
  let client = pglite;
  if (!client) {
    if (dataDir) {
      fs.mkdirSync(dataDir, { recursive: true });
      lock = acquireDataDirLock(dataDir);
    }
    try {
      // pg_trgm backs the participant search index (migration 0002).
      // One options object: PGlite ignores the options when the first argument is undefined.
      client = new PGlite({
        ...(dataDir ? { dataDir: path.join(dataDir, 'db') } : {}),
        extensions: { pg_trgm },
      });
      await client.waitReady;
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
