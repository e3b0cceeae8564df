import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openPostgres } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { adminUrl, runPrefix, withDatabase } from '../pg-urls';
import { NEEDS_SERVER, operatorClient, pgUrl } from './pg-fault-db';

const created: string[] = [];
afterAll(async () => {
  if (!pgUrl) return;
  const admin = await operatorClient(adminUrl(pgUrl));
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe.skipIf(!pgUrl)(`migrations and the query timeouts (${NEEDS_SERVER})`, () => {
  it('run whole on their own connection, whatever the pool statement timeout', async () => {
    const name = `${runPrefix(inject('pgRunId'))}${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(pgUrl!) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    created.push(name);
    const url = withDatabase(pgUrl!, name);
    // 1 ms: every statement of the pool is cancelled; the migrations must not be.
    const database = await openPostgres(url, 2, { timeoutMs: 1 });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
    const check = await operatorClient(url);
    const { rows } = await check.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'participants'`,
    );
    await check.end();
    expect(rows[0]!.n).toBe(1);
  });
});
