import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../src/server/db/client';
import { buildTestApp, type TestApp } from '../app';
import { loginAs, participantInput } from '../factories';
import {
  captureLog,
  createFaultDatabase,
  NEEDS_SERVER,
  operatorClient,
  pausableProxy,
  pgUrl,
  until,
} from './pg-fault-db';

/** Lowered from the default 10 s; the driver gives up 1 s after the server would. */
const TIMEOUT_MS = 500;
const BUSY = { message: 'The service is temporarily unavailable; please try again' };

let t: TestApp;
let database: Database;
let proxy: Awaited<ReturnType<typeof pausableProxy>>;
let operator: pg.Client;
let admin: { cookie: string };
let appUrl: string;

// async: app.inject() starts its request only when awaited.
const register = async (input = participantInput()) =>
  t.app.inject({ method: 'POST', url: '/api/participants/register', payload: input });
const listParticipants = async () =>
  t.app.inject({ url: '/api/participants', headers: { cookie: admin.cookie } });
const exists = async (email: string) =>
  (await operator.query('SELECT 1 FROM participants WHERE email = $1', [email])).rowCount === 1;

describe.skipIf(!pgUrl)(`a frozen or stuck PostgreSQL (${NEEDS_SERVER})`, () => {
  beforeAll(async () => {
    const server = new URL(pgUrl!);
    proxy = await pausableProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const made = await createFaultDatabase({
      timeoutMs: TIMEOUT_MS,
      log: captureLog(),
      port: proxy.port,
    });
    database = made.database;
    appUrl = made.appUrl;
    t = await buildTestApp({ database });
    operator = await operatorClient(made.directUrl);
    admin = await loginAs(t.app, database.db, 'admin');
  });
  afterAll(async () => {
    proxy?.resume();
    await operator?.end();
    await t?.close();
    await database?.close();
    await proxy?.close();
  });

  it('answers 503 within the timeout while the database is frozen, and recovers by itself when it answers again', async () => {
    expect((await listParticipants()).statusCode).toBe(200);
    proxy.pause();
    const frozen = participantInput();
    const started = Date.now();
    const [list, signup, ready] = await Promise.all([
      listParticipants(),
      register(frozen),
      t.app.inject({ url: '/api/ready' }),
    ]);
    const elapsed = Date.now() - started;
    expect(list.statusCode).toBe(503);
    expect(list.json()).toEqual(BUSY);
    expect(signup.statusCode).toBe(503);
    expect(signup.json()).toEqual(BUSY);
    expect(ready.statusCode).toBe(503);
    // A statement and its ROLLBACK each wait at most TIMEOUT_MS + 1 s: never the 20 s+ of before.
    expect(elapsed).toBeLessThan(2 * (TIMEOUT_MS + 1000) + 3000);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);

    proxy.resume();
    expect((await listParticipants()).statusCode).toBe(200);
    const after = participantInput();
    expect((await register(after)).statusCode).toBe(201);
    expect(await exists(after.email)).toBe(true);
    // What answered 503 left nothing half-written.
    expect(await exists(frozen.email)).toBe(false);
  });

  it('a statement stuck behind a lock is cancelled by the server at the timeout: 503, and nothing of it waits on', async () => {
    await operator.query('BEGIN');
    try {
      await operator.query('LOCK TABLE participants IN ACCESS EXCLUSIVE MODE');
      const response = await listParticipants();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(BUSY);
      // statement_timeout ended the statement in the server itself (SQLSTATE 57014), so no
      // backend of the app still queues for the lock behind the 503.
      const waiting = async () => {
        await operator.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await operator.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return rows[0]!.n;
      };
      expect(await waiting()).toBe(0);
    } finally {
      await operator.query('ROLLBACK');
    }
    await until(async () => (await listParticipants()).statusCode === 200, 'the app answers');
  });

  describe('a pool of one connection', () => {
    let single: Database;
    beforeAll(async () => {
      single = await openPostgres(appUrl, 1, { timeoutMs: TIMEOUT_MS });
    });
    afterAll(async () => {
      proxy.resume();
      await single?.close();
    });
    const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

    it('gets its connection back when a BEGIN fails (Drizzle would never release it)', async () => {
      await single.db.execute(sql`SELECT 1`);
      proxy.pause();
      await expect(single.db.transaction(async () => {})).rejects.toThrow();
      proxy.resume();
      // Without the release the only slot stays taken: "timeout exceeded when trying to connect".
      expect(rowsOf(await single.db.execute(sql`SELECT 1 AS one`))).toEqual([{ one: 1 }]);
    });

    it('never hands out again a client whose query timed out inside a transaction', async () => {
      await expect(
        single.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          proxy.pause();
          await tx.execute(sql`SELECT 2`);
        }),
      ).rejects.toThrow();
      proxy.resume();
      // Reused, that client would still be inside the old transaction (its ROLLBACK never went out).
      const [row] = rowsOf(
        await single.db.execute(
          sql`SELECT xact_start < statement_timestamp() AS stale FROM pg_stat_activity WHERE pid = pg_backend_pid()`,
        ),
      );
      expect(row).toEqual({ stale: false });
    });
  });
});
