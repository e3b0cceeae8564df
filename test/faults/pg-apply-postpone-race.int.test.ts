import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { buildTestApp, type TestApp } from '../app';
import { createStudy, loginAs } from '../factories';
import {
  captureLog,
  createFaultDatabase,
  NEEDS_SERVER,
  operatorClient,
  pgUrl,
  until,
} from './pg-fault-db';

/**
 * "Studies postponed" counts from the moment it is stored (docs/decisions/013): an
 * application that read "open" can no longer be written after the postponement is saved.
 * PostgreSQL only: PGlite runs one statement at a time, so nothing can slip between.
 */
let t: TestApp;
let database: Database;
let operator: pg.Client;

describe.skipIf(!pgUrl)(`applying while studies are postponed (${NEEDS_SERVER})`, () => {
  beforeAll(async () => {
    const made = await createFaultDatabase({ log: captureLog() });
    database = made.database;
    t = await buildTestApp({ database });
    operator = await operatorClient(made.directUrl);
  });
  afterAll(async () => {
    await operator?.end();
    await t?.close();
    await database?.close();
  });

  const lockWaits = async () => {
    await operator.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await operator.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
    );
    return rows[0]!.n;
  };

  it('an application that read "open" is written before the postponement is stored, never after', async () => {
    const admin = await loginAs(t.app, database.db, 'admin');
    const me = await loginAs(t.app, database.db, 'participant');
    const study = await createStudy(database.db);
    // Hold the application after it has read the setting, at its insert.
    await operator.query('BEGIN');
    await operator.query('LOCK TABLE applications IN EXCLUSIVE MODE');
    const applying = t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: me.cookie },
      payload: { participantId: me.id, testId: study.id },
    });
    await until(async () => (await lockWaits()) >= 1, 'the application waits at its insert');
    let postponedAt: number | undefined;
    const postponing = t.app
      .inject({
        method: 'PUT',
        url: '/api/settings',
        headers: { cookie: admin.cookie },
        payload: { settings: { studiesOpen: false } },
      })
      .then((res) => {
        postponedAt = Date.now();
        return res;
      });
    await until(
      async () => postponedAt !== undefined || (await lockWaits()) >= 2,
      'the postponement is stored or waits',
    );
    // Stored while the application was still on its way would let it in afterwards.
    expect(postponedAt).toBeUndefined();
    await operator.query('ROLLBACK');
    const [applied, postponed] = await Promise.all([applying, postponing]);
    expect(applied.statusCode, applied.body).toBe(201);
    expect(postponed.statusCode, postponed.body).toBe(200);
    const other = await loginAs(t.app, database.db, 'participant');
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: other.cookie },
      payload: { participantId: other.id, testId: study.id },
    });
    expect(late.statusCode).toBe(409);
  });
});
