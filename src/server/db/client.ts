import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PoolClient } from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';
import { projectRoot } from '../lib/project-root';
import { acquireDataDirLock, type DataDirLock } from './pglite-lock';
import { loggableError } from '../lib/db-errors';
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

/** Where the pool reports a lost connection (pino's `warn` fits). */
export type DbLog = { warn(obj: object, msg: string): void };

export type PostgresOptions = {
  /**
   * The longest a statement may run (server-side `statement_timeout`); the driver gives up
   * a little later (`query_timeout`) when the server or the network is frozen, and a new
   * connection must be made within it (1 to 5 s).
   */
  timeoutMs?: number;
  log?: DbLog;
};

export const DEFAULT_DB_TIMEOUT_MS = 10_000;

type QueryFn = (...args: unknown[]) => unknown;
const isBegin = (query: unknown) =>
  /^\s*begin\b/i.test(
    typeof query === 'string' ? query : String((query as { text?: unknown })?.text ?? ''),
  );

/**
 * Drizzle's `transaction()` sends BEGIN before its try/finally: when BEGIN fails (the server
 * gone, or frozen past query_timeout) it never releases the client, and each such failure
 * would take a pool slot for good. The client is released here, with the error, so that the
 * pool closes it.
 */
function releaseOnFailedBegin(client: PoolClient) {
  const query = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (isBegin(args[0]) && result instanceof Promise) {
      result.catch((error: Error) => {
        try {
          client.release(error);
        } catch {
          // already back in the pool
        }
      });
    }
    return result;
  };
}

/** pg's private fields that pg-pool itself reads to decide whether a client may be reused. */
type PgClientInternals = { _getActiveQuery?: () => unknown; _queryable?: boolean };

// Each driver is loaded only when it is used: a server on PostgreSQL never carries PGlite's
// WebAssembly Postgres in its memory (about 37 MB), nor PGlite the pg client.
export async function openPostgres(
  url: string,
  poolSize = 10,
  options: PostgresOptions = {},
): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const timeoutMs = options.timeoutMs ?? DEFAULT_DB_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: Math.min(Math.max(timeoutMs, 1000), 5000),
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + 1000,
    keepAlive: true,
    // No JIT: every statement here is short, and compiling one (5 to 50 ms) costs more than it
    // saves; a million-row count paid it on every filter (docs/decisions/037-counts-at-scale.md).
    options: '-c jit=off',
  });
  // pg emits 'error' on a Client whose server goes away, idle in the pool or checked out
  // (a transaction between two statements): unheard, that event ends the process. Each
  // client's own listener logs the first of them (the server's reason; "Connection
  // terminated unexpectedly" follows); the pool then drops the client.
  pool.on('connect', (client) => {
    let logged = false;
    client.on('error', (error) => {
      if (logged) return;
      logged = true;
      options.log?.warn({ err: loggableError(error) }, 'database connection lost');
    });
    releaseOnFailedBegin(client);
  });
  pool.on('error', () => {});
  pool.on('release', (error, client) => {
    // After pg's own query_timeout the timed-out query still owns the connection, and the
    // transaction's ROLLBACK never ran: such a client is closed, never handed out again.
    const internals = client as unknown as PgClientInternals;
    if (!error && internals._getActiveQuery?.()) internals._queryable = false;
  });
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

/**
 * PGlite in memory (no dataDir) for tests, or persisted and locked under dataDir.
 * `loadDataDir` starts it from a `dumpDataDir()` copy instead of an empty cluster (the
 * tests' migrated snapshot: loading one is several times faster than initdb + migrations).
 */
export async function openPglite(
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { PGlite }, { pg_trgm }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  let lock: DataDirLock | undefined;
  if (dataDir) {
    // Owner-only whatever the umask (a reset token sits in the WAL), older installs fixed.
    ownerOnlyFromNowOn();
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    lock = await acquireDataDirLock(dataDir);
  }
  let pgl: PGlite;
  try {
    if (dataDir) makeOwnerOnly(dataDir);
    // pg_trgm backs the participant search index.
    // One options object: PGlite ignores the options when the first argument is undefined.
    pgl = new PGlite({
      ...(dataDir ? { dataDir: path.join(dataDir, 'db') } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm },
    });
    await pgl.waitReady;
    // PGlite unpacks its first data files with their own modes (0666), past the umask.
    if (dataDir) makeOwnerOnly(dataDir);
  } catch (error) {
    lock?.release();
    throw error;
  }
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

export async function openDatabase(
  config: {
    databaseUrl: string | undefined;
    dataDir: string;
    databaseTimeoutMs?: number;
    databasePoolSize?: number;
  },
  log?: DbLog,
): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolSize ?? 10, {
        timeoutMs: config.databaseTimeoutMs,
        log,
      })
    : openPglite(config.dataDir);
}
