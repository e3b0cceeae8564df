import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { createStudy, loginAs, participantInput } from '../factories';
import { loseDatabase } from './driver-fault';

/**
 * The routes of issue 12 while the database is lost mid-request (after the session is read,
 * so each reaches its own queries): 503 { message }, never 500, nothing written; they answer
 * again as soon as the database does. GET /api/site needs no database at all.
 */
let t: TestApp;
let admin: { cookie: string; id: string; email: string };
let participant: { cookie: string; id: string; email: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t.app, t.database.db, 'admin');
  participant = await loginAs(t.app, t.database.db, 'participant');
});
afterAll(async () => {
  await t.close();
});

const UNAVAILABLE = { message: 'The service is temporarily unavailable; please try again' };
/** The session lookup still answers: the loss is met by the route's own statements. */
const sessionOnly = (text: string) => /"sessions"/.test(text);

describe('the new routes while the database is lost', () => {
  it('answer 503 { message }, change nothing, and answer again once it is back', async () => {
    const study = await createStudy(t.database.db, { title: 'Before the outage' });
    const requests = {
      'PUT /api/tests/{id}': () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/tests/${study.id}`,
          headers: { cookie: admin.cookie },
          payload: { title: 'During the outage', payRate: '2000' },
        }),
      'POST /api/applications': () =>
        t.app.inject({
          method: 'POST',
          url: '/api/applications',
          headers: { cookie: participant.cookie },
          payload: { participantId: participant.id, testId: study.id },
        }),
      'POST /api/notifications/read (all)': () =>
        t.app.inject({
          method: 'POST',
          url: '/api/notifications/read',
          headers: { cookie: admin.cookie },
          payload: {},
        }),
      'POST /api/notifications/read (one)': () =>
        t.app.inject({
          method: 'POST',
          url: '/api/notifications/read',
          headers: { cookie: admin.cookie },
          payload: { event: { kind: 'application', id: study.id } },
        }),
      'GET /api/me/earnings': () =>
        t.app.inject({ url: '/api/me/earnings', headers: { cookie: participant.cookie } }),
      'PUT /api/admin/profile': () =>
        t.app.inject({
          method: 'PUT',
          url: '/api/admin/profile',
          headers: { cookie: admin.cookie },
          payload: { firstName: 'Outage', lastName: 'Time', email: admin.email },
        }),
      'POST /api/auth/signup': () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { ...participantInput(), userType: 'participant' },
        }),
    };
    const undo = loseDatabase(t.database, sessionOnly);
    try {
      // The session is still read: the 503s below come from each route's own statements.
      const session = await t.app.inject({
        url: '/api/auth/session',
        headers: { cookie: admin.cookie },
      });
      expect(session.json().user?.id).toBe(admin.id);
      for (const [name, send] of Object.entries(requests)) {
        const res = await send();
        expect(res.statusCode, `${name}: ${res.body}`).toBe(503);
        expect(res.json(), name).toEqual(UNAVAILABLE);
      }
      const site = await t.app.inject({ url: '/api/site' });
      expect(site.statusCode).toBe(200);
    } finally {
      undo();
    }

    const stored = await t.app.inject({
      url: `/api/tests/${study.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(stored.json().test).toMatchObject({ title: 'Before the outage', payRate: '1500.00' });
    const mine = await t.app.inject({
      url: '/api/applications',
      headers: { cookie: participant.cookie },
    });
    expect(mine.json().applications).toEqual([]);
    expect((await requests['PUT /api/tests/{id}']()).statusCode).toBe(200);
    expect((await requests['POST /api/applications']()).statusCode).toBe(201);
    expect((await requests['GET /api/me/earnings']()).statusCode).toBe(200);
    expect((await requests['PUT /api/admin/profile']()).statusCode).toBe(200);
    expect((await requests['POST /api/notifications/read (all)']()).statusCode).toBe(200);
    expect((await requests['POST /api/auth/signup']()).statusCode).toBe(201);
  });
});
