import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  auditLogs,
  participants,
  payments,
  sessionReminders,
  studies,
} from '../../db/schema/index';
import { loginAs } from '../../../../test/factories';
import { at, sessionsWorld, T0, type SessionsWorld } from './sessions.test-support';

let w: SessionsWorld;
beforeAll(async () => {
  w = await sessionsWorld();
});
afterAll(async () => {
  await w.t.close();
});

const get = (url: string, cookie: string) =>
  w.t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('sessions: staff create, list, edit, cancel and delete', () => {
  it('creates an in-person session whose length defaults to the study duration', async () => {
    const study = await w.study({ duration: 2 });
    const res = await w.createSession(study.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().session).toMatchObject({
      testId: study.id,
      startsAt: at(48).toISOString(),
      durationMinutes: 120,
      mode: 'in_person',
      location: 'iHub, Ngong Road, Nairobi',
      meetingUrl: null,
      capacity: 3,
      status: 'open',
      booked: 0,
      seatsLeft: 3,
    });
  });

  it.each([
    ['a start in the past', { startsAt: at(-1).toISOString() }, 'startsAt'],
    ['a day outside the study dates (EAT)', { startsAt: '2030-06-30T21:30:00Z' }, 'startsAt'],
    ['a start without an offset', { startsAt: '2030-01-09T10:00:00' }, 'startsAt'],
    ['remote without a link', { mode: 'remote', location: undefined }, 'meetingUrl'],
    ['remote over http', { mode: 'remote', meetingUrl: 'http://meet.example.com/x' }, 'meetingUrl'],
    ['in person without a place', { location: '' }, 'location'],
    ['no seats', { capacity: 0 }, 'capacity'],
    ['a fractional length', { durationMinutes: 1.5 }, 'durationMinutes'],
    ['a length over a day', { durationMinutes: 1441 }, 'durationMinutes'],
    ['a control character in the place', { location: 'Room\u0000 4' }, 'location'],
  ])('refuses %s with 400 and a field message, creating nothing', async (_name, payload, field) => {
    const study = await w.study();
    const res = await w.createSession(study.id, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors?.[field]).toBeTruthy();
    const list = await get(`/api/tests/${study.id}/sessions`, w.admin.cookie);
    expect(list.json().sessions).toEqual([]);
  });

  it('takes 30 June 2030 23:59 EAT, the last minute of a study ending that day', async () => {
    const study = await w.study();
    const res = await w.createSession(study.id, { startsAt: '2030-06-30T23:59:00+03:00' });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses unknown fields, unknown studies, participants and visitors', async () => {
    const study = await w.study();
    expect((await w.createSession(study.id, { seats: 4 })).statusCode).toBe(400);
    expect((await w.createSession('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const p = await loginAs(w.t.app, w.db, 'participant');
    expect((await w.createSession(study.id, {}, p.cookie)).statusCode).toBe(403);
    expect((await w.createSession(study.id, {}, '')).statusCode).toBe(401);
  });

  it('creates a weekly series, or none of it when one falls outside the study', async () => {
    const study = await w.study({ endDate: '2030-02-01' });
    const series = (count: number) =>
      w.t.app.inject({
        method: 'POST',
        url: `/api/tests/${study.id}/sessions/series`,
        headers: { cookie: w.admin.cookie },
        payload: {
          startsAt: '2030-01-10T14:00:00+03:00',
          mode: 'remote',
          meetingUrl: 'https://meet.example.com/abc',
          capacity: 5,
          repeat: 'weekly',
          count,
        },
      });
    const tooLong = await series(6);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/Session 5 of the series/);
    expect((await get(`/api/tests/${study.id}/sessions`, w.admin.cookie)).json().sessions).toEqual(
      [],
    );
    const ok = await series(4);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().sessions.map((s: { startsAt: string }) => s.startsAt)).toEqual([
      '2030-01-10T11:00:00.000Z',
      '2030-01-17T11:00:00.000Z',
      '2030-01-24T11:00:00.000Z',
      '2030-01-31T11:00:00.000Z',
    ]);
  });

  it('lists sessions oldest first to admins and to selected applicants only', async () => {
    const study = await w.study();
    await w.session(study.id, { startsAt: at(72).toISOString() });
    await w.session(study.id, { startsAt: at(30).toISOString() });
    const list = await get(`/api/tests/${study.id}/sessions`, w.admin.cookie);
    expect(list.json().sessions.map((s: { startsAt: string }) => s.startsAt)).toEqual([
      at(30).toISOString(),
      at(72).toISOString(),
    ]);
    const chosen = await w.selected(study.id);
    expect((await get(`/api/tests/${study.id}/sessions`, chosen.cookie)).statusCode).toBe(200);
    const stranger = await loginAs(w.t.app, w.db, 'participant');
    const refused = await get(`/api/tests/${study.id}/sessions`, stranger.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "You can see a study's sessions once you are selected for it",
    );
  });

  it('never lets seats go below those booked, and says "Nothing to update" for an empty edit', async () => {
    const study = await w.study();
    const session = await w.session(study.id);
    const a = await w.selected(study.id);
    const b = await w.selected(study.id);
    expect((await w.book(a.cookie, a.applicationId, session.id)).statusCode).toBe(200);
    expect((await w.book(b.cookie, b.applicationId, session.id)).statusCode).toBe(200);
    const put = (payload: object) =>
      w.t.app.inject({
        method: 'PUT',
        url: `/api/sessions/${session.id}`,
        headers: { cookie: w.admin.cookie },
        payload,
      });
    const shrink = await put({ capacity: 1 });
    expect(shrink.statusCode).toBe(409);
    expect(shrink.json().message).toMatch(/2 booked/);
    expect((await put({})).json().message).toBe('Nothing to update');
    expect((await put({ capacity: 2 })).json().session).toMatchObject({
      capacity: 2,
      seatsLeft: 0,
    });
  });

  it('moving a session tells everyone booked, with a new calendar sequence, and re-arms reminders', async () => {
    const study = await w.study();
    const session = await w.session(study.id);
    const a = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, session.id);
    const before = (
      await w.db.select().from(applications).where(eq(applications.id, a.applicationId))
    )[0]!;
    const moved = await w.t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${session.id}`,
      headers: { cookie: w.admin.cookie },
      payload: { startsAt: at(96).toISOString() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (
      await w.db.select().from(applications).where(eq(applications.id, a.applicationId))
    )[0]!;
    expect(after.calendarSequence).toBe(before.calendarSequence + 1);
    expect(await w.mailKinds(a.email)).toContain('session-changed');
    const reminders = await w.db
      .select()
      .from(sessionReminders)
      .where(eq(sessionReminders.applicationId, a.applicationId));
    expect(reminders.map((r) => r.dueAt.toISOString()).sort()).toEqual([
      at(72).toISOString(),
      at(94).toISOString(),
    ]);
  });

  it('cancelling a session returns its bookings to selected and tells each participant by mail and SMS', async () => {
    const study = await w.study();
    const session = await w.session(study.id);
    const a = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, session.id);
    const res = await w.t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${session.id}/status`,
      headers: { cookie: w.admin.cookie },
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().session).toMatchObject({ status: 'cancelled', booked: 0 });
    const [row] = await w.db
      .select()
      .from(applications)
      .where(eq(applications.id, a.applicationId));
    expect(row).toMatchObject({ status: 'selected', sessionId: null });
    expect(await w.mailKinds(a.email)).toEqual(['session-booked', 'session-cancelled']);
    const [participant] = await w.db.select().from(participants).where(eq(participants.id, a.id));
    expect(await w.smsKinds(participant!.phone)).toEqual(['session-booked', 'session-cancelled']);
    const [study2] = await w.db.select().from(studies).where(eq(studies.id, study.id));
    expect(study2!.currentParticipants).toBe(0);
  });

  it('deletes a session nobody booked, and refuses (409) once anyone did', async () => {
    const study = await w.study();
    const empty = await w.session(study.id);
    const used = await w.session(study.id, { startsAt: at(50).toISOString() });
    const a = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, used.id);
    const del = (id: string) =>
      w.t.app.inject({
        method: 'DELETE',
        url: `/api/sessions/${id}`,
        headers: { cookie: w.admin.cookie },
      });
    expect((await del(empty.id)).statusCode).toBe(200);
    const refused = await del(used.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/cancel it instead/);
  });
});

describe('booking', () => {
  it('a selected participant books a seat: scheduled, the session embedded, mail with the calendar, SMS, two reminders', async () => {
    const study = await w.study();
    const session = await w.session(study.id);
    const a = await w.selected(study.id);
    const res = await w.book(a.cookie, a.applicationId, session.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().application).toMatchObject({
      status: 'scheduled',
      session: {
        id: session.id,
        startsAt: at(48).toISOString(),
        location: 'iHub, Ngong Road, Nairobi',
      },
    });
    const [mail] = await w
      .mailTo(a.email)
      .then((m) => m.filter((x) => x.kind === 'session-booked'));
    expect(mail?.calendar).toContain('BEGIN:VCALENDAR');
    const reminders = await w.db
      .select()
      .from(sessionReminders)
      .where(eq(sessionReminders.applicationId, a.applicationId));
    expect(reminders.map((r) => r.kind).sort()).toEqual(['24h', '2h']);
    const list = await get(`/api/tests/${study.id}/sessions`, a.cookie);
    expect(list.json().sessions[0]).toMatchObject({ booked: 1, seatsLeft: 2 });
    const [s] = await w.db.select().from(studies).where(eq(studies.id, study.id));
    expect(s!.currentParticipants).toBe(1);
  });

  it('refuses what a person would get wrong, each with a clear message, changing nothing', async () => {
    const study = await w.study();
    const other = await w.study();
    const session = await w.session(study.id, { capacity: 1 });
    const elsewhere = await w.session(other.id);
    const a = await w.selected(study.id);
    const b = await w.selected(study.id);

    const notYours = await w.book(b.cookie, a.applicationId, session.id);
    expect([notYours.statusCode, notYours.json().message]).toEqual([
      403,
      'This is not your application',
    ]);
    const wrongStudy = await w.book(a.cookie, a.applicationId, elsewhere.id);
    expect([wrongStudy.statusCode, wrongStudy.json().message]).toEqual([
      400,
      'That session belongs to another study',
    ]);
    const unknown = await w.book(a.cookie, a.applicationId, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const badId = await w.book(a.cookie, a.applicationId, 'not-a-uuid');
    expect(badId.statusCode).toBe(400);

    expect((await w.book(a.cookie, a.applicationId, session.id)).statusCode).toBe(200);
    const again = await w.book(a.cookie, a.applicationId, session.id);
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'You are already booked in this session',
    ]);
    const full = await w.book(b.cookie, b.applicationId, session.id);
    expect([full.statusCode, full.json().message]).toEqual([409, 'Session is full']);

    const cancelled = await w.session(study.id, { startsAt: at(60).toISOString() });
    await w.t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${cancelled.id}/status`,
      headers: { cookie: w.admin.cookie },
      payload: { status: 'cancelled' },
    });
    const late = await w.book(b.cookie, b.applicationId, cancelled.id);
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      'This session was cancelled. Please choose another one.',
    ]);
    const [row] = await w.db
      .select()
      .from(applications)
      .where(eq(applications.id, b.applicationId));
    expect(row).toMatchObject({ status: 'selected', sessionId: null });
  });

  it('a participant still interested cannot book; an admin books them straight to scheduled', async () => {
    const study = await w.study();
    const session = await w.session(study.id);
    const who = await loginAs(w.t.app, w.db, 'participant');
    const applied = await w.t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: who.cookie },
      payload: { participantId: who.id, testId: study.id },
    });
    const id = applied.json().application.id as string;
    const own = await w.book(who.cookie, id, session.id);
    expect([own.statusCode, own.json().message]).toEqual([
      409,
      'You can book a session once you are selected for this study',
    ]);
    const staff = await w.book(w.admin.cookie, id, session.id);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().application.status).toBe('scheduled');
  });

  it('answers in Kiswahili to a participant who asks for it', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { capacity: 1 });
    const a = await w.selected(study.id);
    const b = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, session.id);
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/applications/${b.applicationId}/booking`,
      headers: { cookie: b.cookie, 'accept-language': 'sw' },
      payload: { sessionId: session.id },
    });
    expect([res.statusCode, res.json().message]).toEqual([409, 'Kipindi kimejaa']);
  });

  it('refuses a booking that overlaps another of the same person, in any study', async () => {
    const one = await w.study();
    const two = await w.study();
    const s1 = await w.session(one.id, { startsAt: at(48).toISOString(), durationMinutes: 120 });
    const s2 = await w.session(two.id, { startsAt: at(49).toISOString() });
    const a = await w.selected(one.id);
    await w.book(a.cookie, a.applicationId, s1.id);
    const applied = await w.t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: a.cookie },
      payload: { participantId: a.id, testId: two.id },
    });
    const second = applied.json().application.id as string;
    await w.move(second, { status: 'selected' });
    const res = await w.book(a.cookie, second, s2.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^You already have a session at that time \(/);
  });

  it('refuses a session that has started', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { startsAt: at(1).toISOString() });
    const a = await w.selected(study.id);
    w.setClock(at(1));
    try {
      const res = await w.book(a.cookie, a.applicationId, session.id);
      expect([res.statusCode, res.json().message]).toEqual([
        409,
        'This session has already started. Please choose a later one.',
      ]);
    } finally {
      w.setClock(T0);
    }
  });

  it('moves a booking to another session (reschedule), freeing the first seat', async () => {
    const study = await w.study();
    const first = await w.session(study.id, { capacity: 1 });
    const second = await w.session(study.id, { startsAt: at(72).toISOString() });
    const a = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, first.id);
    const res = await w.book(a.cookie, a.applicationId, second.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().application.session.id).toBe(second.id);
    const list = (await get(`/api/tests/${study.id}/sessions`, w.admin.cookie)).json().sessions;
    expect(list.map((s: { booked: number }) => s.booked)).toEqual([0, 1]);
    expect(await w.mailKinds(a.email)).toEqual(['session-booked', 'session-changed']);
  });

  it('the participant cancels up to the cut-off (12 h before); after it only staff can', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { startsAt: at(20).toISOString() });
    const a = await w.selected(study.id);
    const b = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, session.id);
    await w.book(b.cookie, b.applicationId, session.id);
    const early = await w.unbook(a.cookie, a.applicationId);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().application).toMatchObject({ status: 'selected', session: null });
    w.setClock(at(8.5));
    try {
      const late = await w.unbook(b.cookie, b.applicationId);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(
        'Bookings can be changed up to 12 hours before the start. If you cannot attend, please contact the team.',
      );
      expect((await w.unbook(w.admin.cookie, b.applicationId)).statusCode).toBe(200);
      expect(await w.mailKinds(b.email)).toEqual(['session-booked', 'session-cancelled']);
    } finally {
      w.setClock(T0);
    }
    const none = await w.unbook(a.cookie, a.applicationId);
    expect([none.statusCode, none.json().message]).toEqual([
      409,
      'This application has no booked session',
    ]);
  });

  it('withdrawing frees the seat for good; only the participant may, once', async () => {
    const study = await w.study();
    const session = await w.session(study.id);
    const a = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, session.id);
    const withdraw = (cookie: string) =>
      w.t.app.inject({
        method: 'POST',
        url: `/api/applications/${a.applicationId}/withdraw`,
        headers: { cookie },
      });
    expect((await withdraw(w.admin.cookie)).statusCode).toBe(403);
    const res = await withdraw(a.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().application).toMatchObject({ status: 'withdrawn', session: null });
    const again = await withdraw(a.cookie);
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'This application is already closed',
    ]);
    const [s] = await w.db.select().from(studies).where(eq(studies.id, study.id));
    expect(s!.currentParticipants).toBe(0);
    expect(
      await w.db
        .select()
        .from(sessionReminders)
        .where(eq(sessionReminders.applicationId, a.applicationId)),
    ).toEqual([]);
  });

  it('a study in sessions is scheduled only by booking, and completed only once attended', async () => {
    const study = await w.study({ payRate: '1000.00', duration: 2 });
    const session = await w.session(study.id, { startsAt: at(2).toISOString() });
    const a = await w.selected(study.id);
    const direct = await w.move(a.applicationId, { status: 'scheduled' });
    expect([direct.statusCode, direct.json().message]).toEqual([
      409,
      'This study runs in sessions: book a session for the applicant instead',
    ]);
    await w.book(a.cookie, a.applicationId, session.id);
    const tooSoon = await w.move(a.applicationId, { status: 'completed' });
    expect([tooSoon.statusCode, tooSoon.json().message]).toEqual([
      409,
      'Mark the applicant as attended before completing',
    ]);
    const early = await w.attend(a.applicationId, 'attended');
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      'Attendance can be marked once the session has started',
    ]);
    w.setClock(at(2.5));
    try {
      const marked = await w.attend(a.applicationId, 'attended');
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json().application).toMatchObject({
        status: 'scheduled',
        attendance: 'attended',
      });
      const done = await w.move(a.applicationId, { status: 'completed' });
      expect(done.statusCode, done.body).toBe(200);
      const paid = await w.db
        .select()
        .from(payments)
        .where(eq(payments.applicationId, a.applicationId));
      expect(paid.map((p) => [p.amount, p.status])).toEqual([['2000.00', 'pending']]);
    } finally {
      w.setClock(T0);
    }
  });

  it('staff moving a booked applicant back to selected frees the seat and tells them', async () => {
    const study = await w.study();
    const session = await w.session(study.id);
    const a = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, session.id);
    const res = await w.move(a.applicationId, { status: 'selected' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().application).toMatchObject({ status: 'selected', session: null });
    expect(await w.mailKinds(a.email)).toEqual(['session-booked', 'session-cancelled']);
  });
});

describe('attendance and reliability', () => {
  it('a no-show is final, counted, and the participant gets a polite note; excused goes back to selected', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { startsAt: at(3).toISOString() });
    const a = await w.selected(study.id);
    const b = await w.selected(study.id);
    const c = await w.selected(study.id);
    for (const p of [a, b, c]) await w.book(p.cookie, p.applicationId, session.id);
    w.setClock(at(4));
    try {
      const res = await w.t.app.inject({
        method: 'PUT',
        url: `/api/sessions/${session.id}/attendance`,
        headers: { cookie: w.admin.cookie },
        payload: {
          attended: [a.applicationId],
          noShow: [b.applicationId],
          excused: [c.applicationId],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res
          .json()
          .applications.map((x: { status: string; attendance: string | null }) => [
            x.status,
            x.attendance,
          ]),
      ).toEqual([
        ['scheduled', 'attended'],
        ['no_show', 'no_show'],
        ['selected', null],
      ]);
      expect(await w.mailKinds(b.email)).toContain('session-no-show');
      const twice = await w.attend(b.applicationId, 'attended');
      expect(twice.statusCode).toBe(409);
      const list = await get(`/api/applications?testId=${study.id}`, w.admin.cookie);
      const bRow = list.json().applications.find((x: { id: string }) => x.id === b.applicationId);
      expect(bRow.participant.reliability).toEqual({
        completedCount: 0,
        noShowCount: 1,
        reliability: 0,
        bookingPaused: false,
      });
      const people = await get(
        `/api/participants?search=${encodeURIComponent(b.email)}`,
        w.admin.cookie,
      );
      expect(people.json().participants[0].reliability).toEqual(bRow.participant.reliability);
    } finally {
      w.setClock(T0);
    }
  });

  it('refuses a mark for a booking of another session, and a booking listed twice', async () => {
    const study = await w.study();
    const s1 = await w.session(study.id, { startsAt: at(1).toISOString() });
    const s2 = await w.session(study.id, { startsAt: at(5).toISOString() });
    const a = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, s2.id);
    const mark = (payload: object) =>
      w.t.app.inject({
        method: 'PUT',
        url: `/api/sessions/${s1.id}/attendance`,
        headers: { cookie: w.admin.cookie },
        payload,
      });
    w.setClock(at(2));
    try {
      expect((await mark({ attended: [a.applicationId] })).statusCode).toBe(400);
      expect(
        (await mark({ attended: [a.applicationId], noShow: [a.applicationId] })).json().message,
      ).toBe('Each booking can be marked only once');
      expect((await mark({})).statusCode).toBe(400);
    } finally {
      w.setClock(T0);
    }
  });
});

describe('the calendar file', () => {
  it('serves the booking as one VEVENT in UTC to its owner and admins, with SEQUENCE raised on a move', async () => {
    const study = await w.study({ title: 'Duka, M-Pesa; and you' });
    // 01:30 EAT on 10 January is 22:30 UTC on 9 January.
    const session = await w.session(study.id, {
      startsAt: '2030-01-10T01:30:00+03:00',
      durationMinutes: 45,
    });
    const later = await w.session(study.id, { startsAt: '2030-01-11T10:00:00+03:00' });
    const a = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, session.id);
    const read = async (cookie: string) => {
      const res = await get(`/api/applications/${a.applicationId}/calendar.ics`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      const events = new ICAL.Component(ICAL.parse(res.body)).getAllSubcomponents('vevent');
      expect(events).toHaveLength(1);
      return new ICAL.Event(events[0]!);
    };
    const first = await read(a.cookie);
    expect(first.summary).toBe('Duka, M-Pesa; and you');
    expect(first.startDate.toJSDate().toISOString()).toBe('2030-01-09T22:30:00.000Z');
    expect(first.endDate.toJSDate().toISOString()).toBe('2030-01-09T23:15:00.000Z');
    expect(first.location).toBe('iHub, Ngong Road, Nairobi');
    expect(first.description).toMatch(/^Manage your booking: http/);
    await w.book(a.cookie, a.applicationId, later.id);
    // In the participant's language, whoever downloads it.
    await w.db.update(participants).set({ language: 'sw' }).where(eq(participants.id, a.id));
    const second = await read(w.admin.cookie);
    expect(second.description).toMatch(/^Simamia nafasi yako: http/);
    expect(second.uid).toBe(first.uid);
    expect(second.sequence).toBeGreaterThan(first.sequence);
    const stranger = await loginAs(w.t.app, w.db, 'participant');
    expect(
      (await get(`/api/applications/${a.applicationId}/calendar.ics`, stranger.cookie)).statusCode,
    ).toBe(403);
    const b = await w.selected(study.id);
    expect(
      (await get(`/api/applications/${b.applicationId}/calendar.ics`, b.cookie)).statusCode,
    ).toBe(404);
  });
});

describe('the no-show limit', () => {
  it('pauses booking at NO_SHOW_LIMIT no-shows; staff may still book; an audited reset lifts it', async () => {
    const limited = await (
      await import('./sessions.test-support')
    ).sessionsWorld({
      env: { NO_SHOW_LIMIT: '1', CONTACT_EMAIL: 'team@insightlab.example' },
    });
    try {
      const study = await limited.study();
      const s1 = await limited.session(study.id, { startsAt: at(1).toISOString() });
      const a = await limited.selected(study.id);
      await limited.book(a.cookie, a.applicationId, s1.id);
      limited.setClock(at(2));
      await limited.attend(a.applicationId, 'no_show');
      const other = await limited.study();
      const s3 = await limited.session(other.id, { startsAt: at(50).toISOString() });
      const applied = await limited.t.app.inject({
        method: 'POST',
        url: '/api/applications',
        headers: { cookie: a.cookie },
        payload: { participantId: a.id, testId: other.id },
      });
      const next = applied.json().application.id as string;
      await limited.move(next, { status: 'selected' });
      const paused = await limited.book(a.cookie, next, s3.id);
      expect(paused.statusCode).toBe(403);
      expect(paused.json().message).toBe(
        'You missed 1 session without warning, so booking is paused. Please contact team@insightlab.example to book again.',
      );
      const byStaff = await limited.book(limited.admin.cookie, next, s3.id);
      expect(byStaff.statusCode, byStaff.body).toBe(200);
      expect((await limited.unbook(limited.admin.cookie, next)).statusCode).toBe(200);
      const reset = await limited.t.app.inject({
        method: 'POST',
        url: `/api/participants/${a.id}/reliability/reset`,
        headers: { cookie: limited.admin.cookie },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json().noShowsBefore).toBe(1);
      const audit = await limited.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, 'participant.reliability_reset'));
      expect(audit).toHaveLength(1);
      expect((await limited.book(a.cookie, next, s3.id)).statusCode).toBe(200);
    } finally {
      await limited.t.close();
    }
  });
});
