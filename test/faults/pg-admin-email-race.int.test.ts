import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { EMAIL_CHANGED_MEANWHILE } from '../../src/server/modules/admins/admins.service';
import { buildTestApp, type TestApp } from '../app';
import { createTestAdmin, loginAs, signIn } from '../factories';
import {
  captureLog,
  createFaultDatabase,
  NEEDS_SERVER,
  operatorClient,
  pgUrl,
  until,
} from './pg-fault-db';

/**
 * A profile save decides whether the e-mail changes (and so whether the current password is
 * needed) before its transaction. An e-mail changed meanwhile must not be changed back by a
 * save that carried no password. PostgreSQL only: PGlite runs one statement at a time, so
 * nothing can slip between.
 */
let t: TestApp;
let database: Database;
let operator: pg.Client;

const lockWaits = async () => {
  await operator.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await operator.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
};

/** Another tab's e-mail change (with the password) holds the row, then commits `email`. */
async function changeEmailWhile<T>(
  table: 'admins' | 'participants',
  id: string,
  email: string,
  save: () => Promise<T>,
): Promise<T> {
  await operator.query('BEGIN');
  await operator.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
  const saving = save();
  await until(async () => (await lockWaits()) >= 1, 'the save waits for the row');
  await operator.query(
    table === 'admins'
      ? 'UPDATE admins SET email = $1, username = $1 WHERE id = $2'
      : 'UPDATE participants SET email = $1 WHERE id = $2',
    [email, id],
  );
  await operator.query('COMMIT');
  return saving;
}

describe.skipIf(!pgUrl)(`a profile saved while its e-mail changes (${NEEDS_SERVER})`, () => {
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

  it("an admin's save without the password that would put back the old e-mail is 409, and the new e-mail stays", async () => {
    const me = await createTestAdmin(database.db);
    const { cookie } = await signIn(t.app, me.email);
    const changed = `moved.${me.email}`;
    const res = await changeEmailWhile('admins', me.row.id, changed, async () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/profile',
        headers: { cookie },
        payload: { firstName: 'Baraka', lastName: 'M', email: me.email },
      }),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(EMAIL_CHANGED_MEANWHILE);
    const { rows } = await operator.query<{ email: string }>(
      'SELECT email FROM admins WHERE id = $1',
      [me.row.id],
    );
    expect(rows[0]!.email).toBe(changed);
  });

  it("a participant's save without the password that would put back the old e-mail is 409 in their language, and the new e-mail stays", async () => {
    const me = await loginAs(t.app, database.db, 'participant');
    const changed = `moved.${me.email}`;
    const res = await changeEmailWhile('participants', me.id, changed, async () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/participants/${me.id}/profile`,
        headers: { cookie: me.cookie, 'accept-language': 'sw' },
        payload: { firstName: 'Baraka', email: me.email },
      }),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      'Barua pepe yako ilibadilishwa wakati huohuo: pakia upya ukurasa kisha ujaribu tena',
    );
    const { rows } = await operator.query<{ email: string; first_name: string }>(
      'SELECT email, first_name FROM participants WHERE id = $1',
      [me.id],
    );
    expect(rows[0]).toEqual({ email: changed, first_name: 'Amina' });
  });
});
