import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { createStudy, loginAs, participantInput } from '../factories';
import { startSessionsWorker } from '../../src/server/modules/sessions/sessions.worker';
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

describe('the sessions routes while the database is lost (decisions.md sections 8 and 9)', () => {
  it('answer 503 { message }, change nothing, and answer again once it is back', async () => {
    const day = (offsetDays: number) =>
      new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const study = await createStudy(t.database.db, {
      title: 'Sessions before the outage',
      startDate: day(-1),
      endDate: day(30),
      maxParticipants: 10,
    });
    const startsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const as = (cookie: string) => ({ cookie });
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/tests/${study.id}/sessions`,
      headers: as(admin.cookie),
      payload: { startsAt, mode: 'in_person', location: 'Room 4', capacity: 1 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const sessionId = made.json().session.id as string;
    const person = await loginAs(t.app, t.database.db, 'participant');
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: as(person.cookie),
      payload: { participantId: person.id, testId: study.id },
    });
    const applicationId = applied.json().application.id as string;
    const selected = await t.app.inject({
      method: 'PUT',
      url: `/api/applications/${applicationId}/status`,
      headers: as(admin.cookie),
      payload: { status: 'selected' },
    });
    expect(selected.statusCode, selected.body).toBe(200);

    const sessionBody = { startsAt, mode: 'in_person', location: 'Room 5', capacity: 2 };
    const requests: Record<string, () => Promise<LightMyRequestResponse>> = {
      'POST /api/tests/{id}/sessions': () =>
        t.app.inject({
          method: 'POST',
          url: `/api/tests/${study.id}/sessions`,
          headers: as(admin.cookie),
          payload: sessionBody,
        }),
      'POST /api/tests/{id}/sessions/series': () =>
        t.app.inject({
          method: 'POST',
          url: `/api/tests/${study.id}/sessions/series`,
          headers: as(admin.cookie),
          payload: { ...sessionBody, repeat: 'daily', count: 2 },
        }),
      'GET /api/tests/{id}/sessions': () =>
        t.app.inject({ url: `/api/tests/${study.id}/sessions`, headers: as(person.cookie) }),
      'PUT /api/sessions/{id}': () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/sessions/${sessionId}`,
          headers: as(admin.cookie),
          payload: { capacity: 5, location: 'Room 6' },
        }),
      'PUT /api/sessions/{id}/status': () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/sessions/${sessionId}/status`,
          headers: as(admin.cookie),
          payload: { status: 'cancelled' },
        }),
      'DELETE /api/sessions/{id}': () =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/sessions/${sessionId}`,
          headers: as(admin.cookie),
        }),
      'PUT /api/sessions/{id}/attendance': () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/sessions/${sessionId}/attendance`,
          headers: as(admin.cookie),
          payload: { attended: [applicationId] },
        }),
      'POST /api/applications/{id}/booking': () =>
        t.app.inject({
          method: 'POST',
          url: `/api/applications/${applicationId}/booking`,
          headers: as(person.cookie),
          payload: { sessionId },
        }),
      'DELETE /api/applications/{id}/booking': () =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/applications/${applicationId}/booking`,
          headers: as(person.cookie),
        }),
      'POST /api/applications/{id}/withdraw': () =>
        t.app.inject({
          method: 'POST',
          url: `/api/applications/${applicationId}/withdraw`,
          headers: as(person.cookie),
        }),
      'PUT /api/applications/{id}/attendance': () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/applications/${applicationId}/attendance`,
          headers: as(admin.cookie),
          payload: { attendance: 'attended' },
        }),
      'GET /api/applications/{id}/calendar.ics': () =>
        t.app.inject({
          url: `/api/applications/${applicationId}/calendar.ics`,
          headers: as(person.cookie),
        }),
      'POST /api/participants/{id}/reliability/reset': () =>
        t.app.inject({
          method: 'POST',
          url: `/api/participants/${person.id}/reliability/reset`,
          headers: as(admin.cookie),
        }),
      'POST /api/tests/{id}/waitlist': () =>
        t.app.inject({
          method: 'POST',
          url: `/api/tests/${study.id}/waitlist`,
          headers: as(person.cookie),
        }),
      'DELETE /api/tests/{id}/waitlist': () =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/tests/${study.id}/waitlist`,
          headers: as(person.cookie),
        }),
    };
    const worker = startSessionsWorker({
      sessions: t.app.sessions,
      log: t.app.log,
      pollIntervalMs: 3_600_000,
    });
    try {
      const undo = loseDatabase(t.database, sessionOnly);
      try {
        for (const [name, send] of Object.entries(requests)) {
          const res = await send();
          expect(res.statusCode, `${name}: ${res.body}`).toBe(503);
          expect(res.json(), name).toEqual(UNAVAILABLE);
        }
        // A worker run fails; the worker does not.
        await expect(worker.runOnce()).rejects.toThrow();
      } finally {
        undo();
      }
      expect(await worker.runOnce()).toEqual({ reminders: 0, dropped: 0, expiredOffers: 0 });
    } finally {
      await worker.stop();
    }

    const list = await requests['GET /api/tests/{id}/sessions']!();
    expect(list.statusCode).toBe(200);
    expect(list.json().sessions).toHaveLength(1);
    expect(list.json().sessions[0]).toMatchObject({
      location: 'Room 4',
      capacity: 1,
      status: 'open',
      booked: 0,
    });
    const booked = await requests['POST /api/applications/{id}/booking']!();
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().application.status).toBe('scheduled');
    expect((await requests['GET /api/applications/{id}/calendar.ics']!()).statusCode).toBe(200);
  });
});
