import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { participants } from '../../src/server/db/schema/index';
import { loggableError } from '../../src/server/lib/db-errors';
import { testConfig } from '../app';
import { createTestDatabase } from '../db';
import { failQuery } from './driver-fault';

let text = '';
let app: FastifyInstance;
let database: Database;
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    text += chunk.toString();
    done();
  },
});
const log = pino({ level: 'info' }, sink);
const secret = () => `tok_${crypto.randomBytes(12).toString('hex')}`;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig(),
    database,
    loggerInstance: log,
    clientDir: '/nonexistent-client-dir',
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Runs a query that fails, and logs its error the way the app does. */
async function logFailure(query: Promise<unknown>) {
  const error = await query.then(
    () => expect.unreachable('the query should fail'),
    (e: unknown) => e,
  );
  log.error({ err: loggableError(error) }, 'query failed');
  return loggableError(error);
}

describe('database errors in the log', () => {
  it('keep the driver code and message, never the parameters (detail, stack, query text)', async () => {
    const token = secret();
    // NOT NULL violated: PostgreSQL's `detail` repeats the whole row, token included, and
    // Drizzle's message (the first stack lines) lists the parameters.
    const logged = await logFailure(
      database.db.execute(
        sql`INSERT INTO ${participants} (first_name, last_name, email, phone, password_hash)
            VALUES ('A', 'B', ${`${token}@example.com`}, NULL, ${token})`,
      ),
    );
    expect(logged).toEqual({
      type: expect.any(String),
      code: '23502',
      message: expect.stringContaining('not-null'),
    });
    expect(text).toContain('23502');
    expect(text).not.toContain(token);
  });

  it('leave out the value a data exception quotes in its own message', async () => {
    const token = secret();
    const logged = await logFailure(database.db.execute(sql`SELECT ${token}::uuid`));
    expect(logged.code).toBe('22P02');
    expect(text).not.toContain(token);
  });

  it('through the app: a failing sign-in logs code and message, not the e-mail or the password', async () => {
    const token = secret();
    // The first query that carries the caller's e-mail as a parameter fails.
    const carriesToken = (_text: string, params: unknown[]) =>
      params.some((p) => String(p).includes(token));
    const undo = failQuery(database, carriesToken, {
      error: Object.assign(new Error('could not write block'), {
        code: 'XX000',
        detail: `Failing row contains (${token})`,
      }),
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: `${token}@example.com`, password: token },
      });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain(token);
    } finally {
      undo();
    }
    expect(text).toContain('XX000');
    expect(text).toContain('could not write block');
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/Failed query|params:/);
  });
});
