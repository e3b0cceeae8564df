import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { participantInput } from '../factories';
import { captureLog, faultApp, NEEDS_SERVER, pgUrl, until } from './pg-fault-db';

const log = captureLog();

const SIGNUPS = 4;
const rowsOf = <T = unknown>(result: unknown) => (result as { rows: T[] }).rows;

describe.skipIf(!pgUrl)(`PostgreSQL backends terminated under the app (${NEEDS_SERVER})`, () => {
  const fault = faultApp({ log });
  // async: app.inject() starts its request only when awaited.
  const register = async (input = participantInput()) =>
    fault.app.inject({ method: 'POST', url: '/api/participants/register', payload: input });

  it('sign-ups whose backends are killed mid-request answer 503 { message }; the next sign-up succeeds', async () => {
    expect((await register()).statusCode).toBe(201);
    // Hold the sign-ups inside the database, so that the kill lands while they run.
    await fault.operator.query('BEGIN');
    await fault.operator.query('LOCK TABLE participants IN ACCESS EXCLUSIVE MODE');
    const inputs = Array.from({ length: SIGNUPS }, () => participantInput());
    const pending = inputs.map((input) => register(input));
    await until(async () => (await fault.lockWaits()) >= SIGNUPS, 'sign-ups wait');
    await fault.operator.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    await fault.operator.query('ROLLBACK');

    for (const response of await Promise.all(pending)) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: 'The service is temporarily unavailable; please try again',
      });
    }
    expect((await fault.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // The pool replaced its dead clients by itself.
    expect((await register()).statusCode).toBe(201);
    expect((await fault.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    const { rows } = await fault.operator.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM participants WHERE email = ANY($1)',
      [inputs.map((i) => i.email)],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('a client checked out between two statements of a transaction whose backend dies does not end the process', async () => {
    log.lines.length = 0;
    const failed = fault.db.transaction(async (tx) => {
      const pid = rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`))[0]!
        .pid;
      // Drizzle's transaction holds the pool's client; its 'end' comes after its 'error'.
      const client = (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
      const ended = new Promise((resolve) => client.once('end', resolve));
      await fault.operator.query('SELECT pg_terminate_backend($1)', [pid]);
      await ended; // pg emitted 'error' on this idle, checked-out Client: unheard, it would crash
      await tx.execute(sql`SELECT 1`);
    });
    await expect(failed).rejects.toThrow();
    expect(log.lines.filter((l) => l.msg === 'database connection lost')).toHaveLength(1);
    expect(log.lines[0]!.obj).toEqual({
      err: expect.objectContaining({ code: '57P01' }),
    });
    expect(JSON.stringify(log.lines)).not.toMatch(/\n\s+at /);
    expect(rowsOf(await fault.db.execute(sql`SELECT 1 AS one`))).toEqual([{ one: 1 }]);
    expect((await register()).statusCode).toBe(201);
  });
});
