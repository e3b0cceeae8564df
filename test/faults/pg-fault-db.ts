import crypto from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { openPostgres, type Database, type DbLog } from '../../src/server/db/client';
import { buildTestApp, type TestApp } from '../app';
import { adminUrl, baseDbName, runPrefix, withDatabase } from '../pg-urls';

export const pgUrl = process.env.TEST_DATABASE_URL;
export const NEEDS_SERVER =
  'needs a PostgreSQL server (TEST_DATABASE_URL): PGlite runs inside the process, it has no backend to terminate and no socket to freeze';

/** Warnings the pool logs, as they would reach pino. */
export function captureLog(): DbLog & { lines: { obj: object; msg: string }[] } {
  const lines: { obj: object; msg: string }[] = [];
  return { lines, warn: (obj, msg) => lines.push({ obj, msg }) };
}

/**
 * A fresh copy of this run's migrated database (as test/db.ts makes one), opened with the
 * fault tests' own pool options; `port` points the app at a proxy instead of the server.
 */
export async function createFaultDatabase(options: {
  timeoutMs?: number;
  log?: DbLog;
  port?: number;
}): Promise<{ database: Database; name: string; directUrl: string; appUrl: string }> {
  const url = pgUrl!;
  const runId = inject('pgRunId');
  const name = `${runPrefix(runId)}${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${baseDbName(runId)}`);
  } finally {
    await admin.end();
  }
  const directUrl = withDatabase(url, name);
  const appUrl = new URL(directUrl);
  if (options.port) {
    appUrl.hostname = '127.0.0.1';
    appUrl.port = String(options.port);
  }
  const database = await openPostgres(appUrl.toString(), 10, options);
  return {
    name,
    directUrl,
    appUrl: appUrl.toString(),
    database: {
      ...database,
      async close() {
        await database.close();
        const c = new pg.Client({ connectionString: adminUrl(url) });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    },
  };
}

/** A second connection, as an operator's psql would be. */
export async function operatorClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

export type FaultApp = {
  readonly app: FastifyInstance;
  readonly db: Database['db'];
  /** The operator's own connection, straight to the server. */
  readonly operator: pg.Client;
  /** How many other backends on this database wait for a lock (through `operator`). */
  lockWaits(): Promise<number>;
};

/**
 * Called in a describe block: before its tests, a fresh fault database (`log` defaults to one
 * that keeps the pool's warnings out of the output), the app on it and an operator's
 * connection; after them, all three closed.
 */
export function faultApp(options: { log?: DbLog } = {}): FaultApp {
  let database: Database | undefined;
  let t: TestApp | undefined;
  let operator: pg.Client | undefined;
  beforeAll(async () => {
    const made = await createFaultDatabase({ log: options.log ?? captureLog() });
    database = made.database;
    t = await buildTestApp({ database });
    operator = await operatorClient(made.directUrl);
  });
  afterAll(async () => {
    await operator?.end();
    await t?.close();
    await database?.close();
  });
  const ready = () => {
    if (!t || !operator) throw new Error('faultApp: its beforeAll has not run');
    return { t, operator };
  };
  return {
    get app() {
      return ready().t.app;
    },
    get db() {
      return ready().t.database.db;
    },
    get operator() {
      return ready().operator;
    },
    async lockWaits() {
      const client = ready().operator;
      // Inside the operator's transaction pg_stat_activity is a snapshot: cleared before each read.
      await client.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
      );
      return rows[0]!.n;
    },
  };
}

/** Waits for a condition of the database server (not for time): polls until it holds. */
export async function until(check: () => Promise<boolean>, what: string, limitMs = 10_000) {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A TCP proxy in front of the PostgreSQL server that can freeze: while paused, bytes in
 * either direction are held back (as with a hung server or a dead network path, the
 * sockets stay open and silent); resumed, they flow again in order.
 */
export async function pausableProxy(target: { host: string; port: number }) {
  let paused = false;
  const flushes = new Set<() => void>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((downstream) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(downstream).add(upstream);
    const relay = (from: net.Socket, to: net.Socket) => {
      const held: Buffer[] = [];
      const flush = () => {
        while (held.length > 0 && !to.destroyed) to.write(held.shift()!);
      };
      flushes.add(flush);
      from.on('data', (chunk: Buffer) => {
        if (paused) held.push(chunk);
        else to.write(chunk);
      });
      from.on('close', () => {
        flushes.delete(flush);
        sockets.delete(from);
        if (paused) to.destroy();
        else to.end();
      });
      from.on('error', () => to.destroy());
    };
    relay(downstream, upstream);
    relay(upstream, downstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const flush of flushes) flush();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
