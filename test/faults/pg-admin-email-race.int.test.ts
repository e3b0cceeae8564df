import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { EMAIL_CHANGED_MEANWHILE } from '../../src/server/modules/admins/admins.service';
import { buildTestApp, type TestApp } from '../app';
import { createTestAdmin, signIn } from '../factories';
import {
  captureLog,
  createFaultDatabase,
  NEEDS_SERVER,
  operatorClient,
  pgUrl,
  until,
} from './pg-fault-db';

/**
 * PUT /api/admin/profile decides whether the e-mail changes (and so whether the current
 * password is needed) before its transaction. An e-mail changed meanwhile must not be
 * changed back by a save that carried no password. PostgreSQL only: PGlite runs one
 * statement at a time, so nothing can slip between.
 */
let t: TestApp;
let database: Database;
let operator: pg.Client;

describe.skipIf(!pgUrl)(
  `an admin's profile saved while their e-mail changes (${NEEDS_SERVER})`,
  () => {
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

    it('a save without the password that would put back the old e-mail is 409, and the new e-mail stays', async () => {
      const me = await createTestAdmin(database.db);
      const { cookie } = await signIn(t.app, me.email);
      const changed = `moved.${me.email}`;
      // The e-mail change (another tab, with the password) holds the row while it commits.
      await operator.query('BEGIN');
      await operator.query('SELECT 1 FROM admins WHERE id = $1 FOR UPDATE', [me.row.id]);
      const saving = t.app.inject({
        method: 'PUT',
        url: '/api/admin/profile',
        headers: { cookie },
        payload: { firstName: 'Baraka', lastName: 'M', email: me.email },
      });
      await until(async () => {
        await operator.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await operator.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
        );
        return rows[0]!.n >= 1;
      }, 'the save waits for the row');
      await operator.query('UPDATE admins SET email = $1, username = $1 WHERE id = $2', [
        changed,
        me.row.id,
      ]);
      await operator.query('COMMIT');
      const res = await saving;
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(EMAIL_CHANGED_MEANWHILE);
      const { rows } = await operator.query<{ email: string }>(
        'SELECT email FROM admins WHERE id = $1',
        [me.row.id],
      );
      expect(rows[0]!.email).toBe(changed);
    });
  },
);
