import { describe, expect, it } from 'vitest';
import { EMAIL_CHANGED_MEANWHILE } from '../../src/server/modules/admins/admins.service';
import { createTestAdmin, loginAs, signIn } from '../factories';
import { faultApp, NEEDS_SERVER, pgUrl, until } from './pg-fault-db';

/**
 * A profile save decides whether the e-mail changes (and so whether the current password is
 * needed) before its transaction. An e-mail changed meanwhile must not be changed back by a
 * save that carried no password. PostgreSQL only: PGlite runs one statement at a time, so
 * nothing can slip between.
 */
describe.skipIf(!pgUrl)(`a profile saved while its e-mail changes (${NEEDS_SERVER})`, () => {
  const fault = faultApp();

  /** Another tab's e-mail change (with the password) holds the row, then commits `email`. */
  async function changeEmailWhile<T>(
    table: 'admins' | 'participants',
    id: string,
    email: string,
    save: () => Promise<T>,
  ): Promise<T> {
    await fault.operator.query('BEGIN');
    await fault.operator.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
    const saving = save();
    await until(async () => (await fault.lockWaits()) >= 1, 'the save waits for the row');
    await fault.operator.query(
      table === 'admins'
        ? 'UPDATE admins SET email = $1, username = $1 WHERE id = $2'
        : 'UPDATE participants SET email = $1 WHERE id = $2',
      [email, id],
    );
    await fault.operator.query('COMMIT');
    return saving;
  }

  it("an admin's save without the password that would put back the old e-mail is 409, and the new e-mail stays", async () => {
    const me = await createTestAdmin(fault.db);
    const { cookie } = await signIn(fault.app, me.email);
    const changed = `moved.${me.email}`;
    const res = await changeEmailWhile('admins', me.row.id, changed, async () =>
      fault.app.inject({
        method: 'PUT',
        url: '/api/admin/profile',
        headers: { cookie },
        payload: { firstName: 'Baraka', lastName: 'M', email: me.email },
      }),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(EMAIL_CHANGED_MEANWHILE);
    const { rows } = await fault.operator.query<{ email: string }>(
      'SELECT email FROM admins WHERE id = $1',
      [me.row.id],
    );
    expect(rows[0]!.email).toBe(changed);
  });

  it("a participant's save without the password that would put back the old e-mail is 409 in their language, and the new e-mail stays", async () => {
    const me = await loginAs(fault.app, fault.db, 'participant');
    const changed = `moved.${me.email}`;
    const res = await changeEmailWhile('participants', me.id, changed, async () =>
      fault.app.inject({
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
    const { rows } = await fault.operator.query<{ email: string; first_name: string }>(
      'SELECT email, first_name FROM participants WHERE id = $1',
      [me.id],
    );
    expect(rows[0]).toEqual({ email: changed, first_name: 'Amina' });
  });
});
