import { describe, expect, it } from 'vitest';
import { createStudy, loginAs } from '../factories';
import { faultApp, NEEDS_SERVER, pgUrl, until } from './pg-fault-db';

/**
 * "Studies postponed" counts from the moment it is stored (docs/decisions/013): an
 * application that read "open" can no longer be written after the postponement is saved.
 * PostgreSQL only: PGlite runs one statement at a time, so nothing can slip between.
 */
describe.skipIf(!pgUrl)(`applying while studies are postponed (${NEEDS_SERVER})`, () => {
  const fault = faultApp();

  it('an application that read "open" is written before the postponement is stored, never after', async () => {
    const admin = await loginAs(fault.app, fault.db, 'admin');
    const me = await loginAs(fault.app, fault.db, 'participant');
    const study = await createStudy(fault.db);
    // Hold the application after it has read the setting, at its insert.
    await fault.operator.query('BEGIN');
    await fault.operator.query('LOCK TABLE applications IN EXCLUSIVE MODE');
    const applying = fault.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: me.cookie },
      payload: { participantId: me.id, testId: study.id },
    });
    await until(async () => (await fault.lockWaits()) >= 1, 'the application waits at its insert');
    let postponedAt: number | undefined;
    const postponing = fault.app
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
      async () => postponedAt !== undefined || (await fault.lockWaits()) >= 2,
      'the postponement is stored or waits',
    );
    // Stored while the application was still on its way would let it in afterwards.
    expect(postponedAt).toBeUndefined();
    await fault.operator.query('ROLLBACK');
    const [applied, postponed] = await Promise.all([applying, postponing]);
    expect(applied.statusCode, applied.body).toBe(201);
    expect(postponed.statusCode, postponed.body).toBe(200);
    const other = await loginAs(fault.app, fault.db, 'participant');
    const late = await fault.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: other.cookie },
      payload: { participantId: other.id, testId: study.id },
    });
    expect(late.statusCode).toBe(409);
  });
});
