import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { buildTestApp, type TestApp } from '../app';
import { participantInput } from '../factories';
import {
  captureLog,
  createFaultDatabase,
  NEEDS_SERVER,
  operatorClient,
  pgUrl,
  until,
} from './pg-fault-db';

const log = captureLog();
let t: TestApp;
let database: Database;
let operator: pg.Client;

const SIGNUPS = 4;
const rowsOf = <T = unknown>(result: unknown) => (result as { rows: T[] }).rows;
// async: app.inject() starts its request only when awaited.
const register = async (input = participantInput()) =>
  t.app.inject({ method: 'POST', url: '/api/participants/register', payload: input });

describe.skipIf(!pgUrl)(`PostgreSQL backends terminated under the app (${NEEDS_SERVER})`, () => {
  beforeAll(async () => {
    const made = await createFaultDatabase({ log });
    database = made.database;
    t = await buildTestApp({ database });
    operator = await operatorClient(made.directUrl);
  });
  afterAll(async () => {
    await operator?.end();
    await t?.close();
    await database?.close();
  });

  // Inside the operator's transaction pg_stat_activity is a snapshot: cleared before each read.
  const count = async (where: string) =>
    (await operator.query('SELECT pg_stat_clear_snapshot()')) &&
    (
      await operator.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND ${where}`,
      )
    ).rows[0]!.n;

  it('sign-ups whose backends are killed mid-request answer 503 { message }; the next sign-up succeeds', async () => {
    expect((await register()).statusCode).toBe(201);
    // Hold the sign-ups inside the database, so that the kill lands while they run.
    await operator.query('BEGIN');
    await operator.query('LOCK TABLE participants IN ACCESS EXCLUSIVE MODE');
    const inputs = Array.from({ length: SIGNUPS }, () => participantInput());
    const pending = inputs.map((input) => register(input));
    await until(async () => (await count(`wait_event_type = 'Lock'`)) >= SIGNUPS, 'sign-ups wait');
    await operator.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    await operator.query('ROLLBACK');

    for (const response of await Promise.all(pending)) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: 'The service is temporarily unavailable; please try again',
      });
    }
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // The pool replaced its dead clients by itself.
    expect((await register()).statusCode).toBe(201);
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    const { rows } = await operator.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM participants WHERE email = ANY($1)',
      [inputs.map((i) => i.email)],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('a client checked out between two statements of a transaction whose backend dies does not end the process', async () => {
    log.lines.length = 0;
    const failed = database.db.transaction(async (tx) => {
      const pid = rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`))[0]!
        .pid;
      // Drizzle's transaction holds the pool's client; its 'end' comes after its 'error'.
      const client = (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
      const ended = new Promise((resolve) => client.once('end', resolve));
      await operator.query('SELECT pg_terminate_backend($1)', [pid]);
      await ended; // pg emitted 'error' on this idle, checked-out Client: unheard, it would crash
      await tx.execute(sql`SELECT 1`);
    });
    await expect(failed).rejects.toThrow();
    expect(log.lines.filter((l) => l.msg === 'database connection lost')).toHaveLength(1);
    expect(log.lines[0]!.obj).toEqual({
      err: expect.objectContaining({ code: '57P01' }),
    });
    expect(JSON.stringify(log.lines)).not.toMatch(/\n\s+at /);
    expect(rowsOf(await database.db.execute(sql`SELECT 1 AS one`))).toEqual([{ one: 1 }]);
    expect((await register()).statusCode).toBe(201);
  });
});
