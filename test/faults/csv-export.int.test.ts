import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { csvFromRows } from '../../src/server/lib/csv-export';
import { buildLoggedTestApp, type LoggedTestApp, type LogLine } from '../app';
import { loginAs } from '../factories';
import { failQuery } from './driver-fault';

/** More than one export batch (1,000 rows), so that a failure can come after the first byte. */
const PARTICIPANTS = 1500;

let t: LoggedTestApp;
let lines: LogLine[];
let app: FastifyInstance;
let database: Database;
let base: string;
let cookie: string;

beforeAll(async () => {
  t = await buildLoggedTestApp();
  ({ app, database } = t);
  lines = t.lines;
  await database.db.execute(sql`
    INSERT INTO participants (first_name, last_name, email, phone, password_hash, created_at)
    SELECT 'Bulk' || g, 'Row', 'bulk' || g || '@example.com',
           '+2547' || lpad(g::text, 8, '0'), 'not-a-hash', now() - g * interval '1 second'
    FROM generate_series(1, ${PARTICIPANTS}) AS g`);
  ({ cookie } = await loginAs(app, database.db, 'admin'));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await t.close();
});

/** The export's batch query: participants, a page of 1,000. */
const exportBatch = (text: string, params: unknown[]) =>
  /"participants"/.test(text) && params.includes(1000);

describe('a CSV export whose database fails', () => {
  it('after the first rows: cuts that download short, logs it once, and the app answers on', async () => {
    const undo = failQuery(database, exportBatch, { skip: 1 });
    try {
      const response = await fetch(`${base}/api/participants/export.csv`, { headers: { cookie } });
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    } finally {
      undo();
    }
    const aborted = lines.filter((l) => l.msg === 'CSV export aborted mid-stream');
    expect(aborted).toHaveLength(1);
    expect(aborted[0]!.err).toMatchObject({ code: '57P01' });
    // Redacted: the driver's message, never Drizzle's "Failed query ... params".
    expect(JSON.stringify(lines)).not.toMatch(/Failed query|params:/);

    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const again = await fetch(`${base}/api/participants/export.csv`, { headers: { cookie } });
    const rows = (await again.text()).trim().split('\r\n');
    expect(rows).toHaveLength(PARTICIPANTS + 1); // the header and every row
  });

  it('before the first row: answers 503 with a message instead of a broken download', async () => {
    const undo = failQuery(database, exportBatch);
    try {
      const response = await app.inject({
        url: '/api/participants/export.csv',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: expect.any(String) });
    } finally {
      undo();
    }
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('csvFromRows (both CSV exports)', () => {
  it('turns a row source that throws into an error on the stream, never an uncaught one', async () => {
    function* rows() {
      yield ['first'];
      throw Object.assign(new Error('Connection terminated unexpectedly'), {
        query: 'SELECT $1',
        params: ['secret'],
      });
    }
    const stream = csvFromRows(['Name'], rows());
    const failure = new Promise<Error>((resolve) => stream.on('error', resolve));
    stream.resume();
    const error = await failure;
    expect(error.message).toBe('query failed');
    expect(JSON.stringify({ ...error, stack: error.stack })).not.toContain('secret');
  });
});
