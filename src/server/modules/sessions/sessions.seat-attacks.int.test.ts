import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, studies, waitlistEntries } from '../../db/schema/index';
import { loginAs } from '../../../../test/factories';
import { at, sessionsWorld, type SessionsWorld } from './sessions.test-support';

/**
 * The sessions API attacked (issue 13 review): seats, places and the waitlist (deleted
 * people, held places, the full study, declined offers, the count after every path) and
 * other people's ids. Each test is named for its rule.
 */
let w: SessionsWorld;
beforeAll(async () => {
  w = await sessionsWorld({ env: { RATE_LIMIT_WRITES_PER_MIN: '100000' } });
});
afterAll(async () => {
  await w.t.close();
});

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) => w.t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const joinLine = (testId: string, cookie: string) =>
  send('POST', `/api/tests/${testId}/waitlist`, cookie);
const line = (testId: string) =>
  w.db.select().from(waitlistEntries).where(eq(waitlistEntries.testId, testId));
const entryOf = async (applicationId: string) =>
  (
    await w.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.applicationId, applicationId))
  )[0];

/** currentParticipants as stored, and as counted from the applications that hold a place. */
async function places(testId: string) {
  const [study] = await w.db.select().from(studies).where(eq(studies.id, testId));
  const rows = await w.db.select().from(applications).where(eq(applications.testId, testId));
  return {
    stored: study!.currentParticipants,
    counted: rows.filter((a) => a.status === 'scheduled' || a.status === 'completed').length,
  };
}

describe('deleting a booked participant (decisions.md section 5)', () => {
  it('frees their seat and place: currentParticipants recounted, the seat offered to the line', async () => {
    const study = await w.study({ maxParticipants: 10 });
    const session = await w.session(study.id, { capacity: 1 });
    const booked = await w.selected(study.id);
    const waiting = await w.selected(study.id);
    expect((await w.book(booked.cookie, booked.applicationId, session.id)).statusCode).toBe(200);
    expect((await joinLine(study.id, waiting.cookie)).statusCode).toBe(201);
    expect(await places(study.id)).toEqual({ stored: 1, counted: 1 });

    const gone = await send('DELETE', `/api/participants/${booked.id}`, w.admin.cookie);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await places(study.id)).toEqual({ stored: 0, counted: 0 });
    expect(await entryOf(waiting.applicationId)).toMatchObject({
      status: 'offered',
      offeredSessionId: session.id,
    });
    expect(await w.mailKinds(waiting.email)).toContain('session-seat-offered');
  });
});

describe('a place held for a waitlist offer', () => {
  it('cannot be taken by someone else through another session', async () => {
    // Two places; a one-seat session each, both booked; B waits in line.
    const study = await w.study({ maxParticipants: 2 });
    const first = await w.session(study.id, { capacity: 1, startsAt: at(30).toISOString() });
    const second = await w.session(study.id, { capacity: 1, startsAt: at(50).toISOString() });
    const a = await w.selected(study.id);
    const c = await w.selected(study.id);
    const b = await w.selected(study.id);
    const d = await w.selected(study.id);
    expect((await w.book(a.cookie, a.applicationId, first.id)).statusCode).toBe(200);
    expect((await w.book(c.cookie, c.applicationId, second.id)).statusCode).toBe(200);
    expect((await joinLine(study.id, b.cookie)).statusCode).toBe(201);
    // A leaves: the seat and the study's last place are held for B.
    expect((await w.unbook(a.cookie, a.applicationId)).statusCode).toBe(200);
    expect((await entryOf(b.applicationId))?.status).toBe('offered');
    // A third session has seats, but the study has no place but B's.
    const third = await w.session(study.id, { capacity: 5, startsAt: at(70).toISOString() });
    const taken = await w.book(d.cookie, d.applicationId, third.id);
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().message).toBe('Study is full');
    const accepted = await w.book(b.cookie, b.applicationId, first.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await places(study.id)).toEqual({ stored: 2, counted: 2 });
  });
});

describe('the waitlist when the study is full', () => {
  it('a selected participant joins the line when no place is left, though sessions have seats', async () => {
    const study = await w.study({ maxParticipants: 1 });
    const session = await w.session(study.id, { capacity: 5 });
    const a = await w.selected(study.id);
    const b = await w.selected(study.id);
    expect((await w.book(a.cookie, a.applicationId, session.id)).statusCode).toBe(200);
    const refused = await w.book(b.cookie, b.applicationId, session.id);
    expect(refused.json().message).toBe('Study is full');
    const joined = await joinLine(study.id, b.cookie);
    expect(joined.statusCode, joined.body).toBe(201);
    // When the place frees, the line gets it.
    expect((await w.unbook(a.cookie, a.applicationId)).statusCode).toBe(200);
    expect((await entryOf(b.applicationId))?.status).toBe('offered');
  });

  it('still refuses the line while both a place and a seat are free', async () => {
    const study = await w.study({ maxParticipants: 3 });
    await w.session(study.id, { capacity: 2 });
    const b = await w.selected(study.id);
    const res = await joinLine(study.id, b.cookie);
    expect(res.statusCode).toBe(409);
  });
});

describe('declining or disqualifying someone who holds an offer', () => {
  it('passes the held seat to the next in line', async () => {
    const study = await w.study({ maxParticipants: 10 });
    const session = await w.session(study.id, { capacity: 1 });
    const a = await w.selected(study.id);
    const b = await w.selected(study.id);
    const c = await w.selected(study.id);
    expect((await w.book(a.cookie, a.applicationId, session.id)).statusCode).toBe(200);
    expect((await joinLine(study.id, b.cookie)).statusCode).toBe(201);
    expect((await joinLine(study.id, c.cookie)).statusCode).toBe(201);
    expect((await w.unbook(a.cookie, a.applicationId)).statusCode).toBe(200);
    expect((await entryOf(b.applicationId))?.status).toBe('offered');
    const declined = await w.move(b.applicationId, { status: 'declined' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await entryOf(b.applicationId))?.status).toBe('left');
    expect(await entryOf(c.applicationId)).toMatchObject({
      status: 'offered',
      offeredSessionId: session.id,
    });
    expect((await line(study.id)).filter((e) => e.status === 'offered')).toHaveLength(1);
  });
});

describe('currentParticipants equals scheduled + completed after every path', () => {
  it('booking, move, cancel, withdraw, excuse, no-show, session cancel, status moves and completion', async () => {
    const study = await w.study({ maxParticipants: 20, duration: 1, payRate: '1000' });
    const s1 = await w.session(study.id, { capacity: 10, startsAt: at(30).toISOString() });
    const s2 = await w.session(study.id, { capacity: 5, startsAt: at(50).toISOString() });
    const people = [];
    for (let i = 0; i < 6; i++) people.push(await w.selected(study.id));
    const [p0, p1, p2, p3, p4, p5] = people as [
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
    ];
    const check = async (step: string) => {
      const p = await places(study.id);
      expect(p.stored, step).toBe(p.counted);
    };
    for (const p of people)
      expect((await w.book(p.cookie, p.applicationId, s1.id)).statusCode).toBe(200);
    await check('booking');
    expect((await w.book(p0.cookie, p0.applicationId, s2.id)).statusCode).toBe(200);
    await check('move');
    expect((await w.unbook(p1.cookie, p1.applicationId)).statusCode).toBe(200);
    await check('cancel');
    expect(
      (await send('POST', `/api/applications/${p2.applicationId}/withdraw`, p2.cookie)).statusCode,
    ).toBe(200);
    await check('withdraw');
    expect((await w.move(p3.applicationId, { status: 'selected' })).statusCode).toBe(200);
    await check('status scheduled -> selected');
    expect((await w.book(w.admin.cookie, p3.applicationId, s1.id)).statusCode).toBe(200);
    expect((await w.move(p3.applicationId, { status: 'declined' })).statusCode).toBe(200);
    await check('status scheduled -> declined');
    expect(
      (await send('PUT', `/api/sessions/${s2.id}/status`, w.admin.cookie, { status: 'cancelled' }))
        .statusCode,
    ).toBe(200);
    await check('session cancel');
    w.setClock(at(31));
    try {
      expect((await w.attend(p4.applicationId, 'attended')).statusCode).toBe(200);
      expect((await w.attend(p5.applicationId, 'no_show')).statusCode).toBe(200);
      await check('attended and no-show');
      const done = await w.move(p4.applicationId, { status: 'completed' });
      expect(done.statusCode, done.body).toBe(200);
      await check('completed');
      // A completed application cannot be withdrawn, nor its attendance changed.
      const late = await send('POST', `/api/applications/${p4.applicationId}/withdraw`, p4.cookie);
      expect(late.statusCode).toBe(409);
      expect((await w.attend(p4.applicationId, 'no_show')).statusCode).toBe(409);
      await check('withdrawing a completed application');
      const earned = await send('GET', `/api/me/earnings`, p4.cookie);
      expect(earned.json().earnings).toMatchObject({
        pendingPayments: '1000.00',
        completedTests: 1,
      });
    } finally {
      w.setClock(at(0));
    }
    const q = await w.selected(study.id);
    const s3 = await w.session(study.id, { capacity: 2, startsAt: at(80).toISOString() });
    expect((await w.book(q.cookie, q.applicationId, s3.id)).statusCode).toBe(200);
    w.setClock(at(81));
    try {
      expect((await w.attend(q.applicationId, 'excused')).statusCode).toBe(200);
      await check('excused');
    } finally {
      w.setClock(at(0));
    }
  });
});

describe("other people's ids", () => {
  it("a participant cannot act on, or read the calendar of, another's application; admins-only routes are 403", async () => {
    const study = await w.study();
    const session = await w.session(study.id);
    const a = await w.selected(study.id);
    const b = await loginAs(w.t.app, w.db, 'participant');
    expect((await w.book(a.cookie, a.applicationId, session.id)).statusCode).toBe(200);
    const tries = [
      await w.book(b.cookie, a.applicationId, session.id),
      await w.unbook(b.cookie, a.applicationId),
      await send('POST', `/api/applications/${a.applicationId}/withdraw`, b.cookie),
      await send('GET', `/api/applications/${a.applicationId}/calendar.ics`, b.cookie),
      await send('GET', `/api/tests/${study.id}/sessions`, b.cookie),
      await send('PUT', `/api/sessions/${session.id}`, b.cookie, { capacity: 9 }),
      await send('PUT', `/api/sessions/${session.id}/status`, b.cookie, { status: 'cancelled' }),
      await send('DELETE', `/api/sessions/${session.id}`, b.cookie),
      await send('PUT', `/api/sessions/${session.id}/attendance`, b.cookie, {
        attended: [a.applicationId],
      }),
      await send('PUT', `/api/applications/${a.applicationId}/attendance`, b.cookie, {
        attendance: 'attended',
      }),
      await send('POST', `/api/participants/${a.id}/reliability/reset`, b.cookie),
    ];
    for (const res of tries) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.body).not.toContain('iHub');
      expect(res.body).not.toContain(session.id);
    }
    const never = await joinLine(study.id, b.cookie);
    expect(never.statusCode).toBe(409);
    const [row] = await w.db
      .select()
      .from(applications)
      .where(eq(applications.id, a.applicationId));
    expect(row).toMatchObject({ status: 'scheduled', sessionId: session.id });
  });
});

describe('state abuse is refused with 409 and changes nothing', () => {
  it('cancelled sessions, closed studies, final applications, second marks and seats below booked + held', async () => {
    const study = await w.study({ maxParticipants: 10 });
    const s1 = await w.session(study.id, { capacity: 1, startsAt: at(30).toISOString() });
    const s2 = await w.session(study.id, { capacity: 2, startsAt: at(60).toISOString() });
    const a = await w.selected(study.id);
    const b = await w.selected(study.id);
    const c = await w.selected(study.id);
    const code = async (res: Promise<{ statusCode: number }>) => (await res).statusCode;

    // A cancelled session: no booking, no edit, no second cancel.
    expect(
      await code(
        send('PUT', `/api/sessions/${s2.id}/status`, w.admin.cookie, { status: 'cancelled' }),
      ),
    ).toBe(200);
    expect(
      await code(
        send('PUT', `/api/sessions/${s2.id}/status`, w.admin.cookie, { status: 'cancelled' }),
      ),
    ).toBe(409);
    expect(await code(w.book(a.cookie, a.applicationId, s2.id))).toBe(409);
    expect(await code(w.book(w.admin.cookie, a.applicationId, s2.id))).toBe(409);
    expect(await code(send('PUT', `/api/sessions/${s2.id}`, w.admin.cookie, { capacity: 5 }))).toBe(
      409,
    );

    // A paused, completed or cancelled study takes no bookings (staff may book while paused).
    for (const status of ['paused', 'completed', 'cancelled'] as const) {
      await w.db.update(studies).set({ status }).where(eq(studies.id, study.id));
      expect(await code(w.book(a.cookie, a.applicationId, s1.id)), status).toBe(409);
      if (status !== 'paused')
        expect(await code(w.book(w.admin.cookie, a.applicationId, s1.id)), status).toBe(409);
    }
    await w.db.update(studies).set({ status: 'active' }).where(eq(studies.id, study.id));

    // Seats never go below booked + held for the line.
    expect(await code(w.book(a.cookie, a.applicationId, s1.id))).toBe(200);
    expect(await code(joinLine(study.id, b.cookie))).toBe(201);
    expect(await code(w.unbook(a.cookie, a.applicationId))).toBe(200);
    expect((await entryOf(b.applicationId))?.status).toBe('offered');
    const below = await send('PUT', `/api/sessions/${s1.id}`, w.admin.cookie, { capacity: 1 });
    expect(below.statusCode).toBe(200); // 0 booked + 1 held = 1: allowed
    expect(await code(w.book(c.cookie, c.applicationId, s1.id))).toBe(409); // held for b

    // Withdrawn is final: no rebooking, no second withdrawal, no status move.
    expect(
      await code(send('POST', `/api/applications/${a.applicationId}/withdraw`, a.cookie)),
    ).toBe(200);
    expect(await code(w.book(a.cookie, a.applicationId, s1.id))).toBe(409);
    expect(
      await code(send('POST', `/api/applications/${a.applicationId}/withdraw`, a.cookie)),
    ).toBe(409);
    for (const status of ['selected', 'scheduled', 'declined', 'completed'])
      expect(await code(w.move(a.applicationId, { status })), status).toBe(409);

    // No-show is final: not attended after, not excused, not completed; excusing twice is 409.
    expect(await code(w.book(b.cookie, b.applicationId, s1.id))).toBe(200);
    const s3 = await w.session(study.id, { capacity: 3, startsAt: at(40).toISOString() });
    expect(await code(w.book(c.cookie, c.applicationId, s3.id))).toBe(200);
    w.setClock(at(41));
    try {
      expect(await code(w.attend(b.applicationId, 'no_show'))).toBe(200);
      expect(await code(w.attend(b.applicationId, 'attended'))).toBe(409);
      expect(await code(w.attend(b.applicationId, 'excused'))).toBe(409);
      expect(await code(w.move(b.applicationId, { status: 'completed' }))).toBe(409);
      expect(await code(w.attend(c.applicationId, 'excused'))).toBe(200);
      expect(await code(w.attend(c.applicationId, 'excused'))).toBe(409);
      // The cancelled session's former bookings cannot be marked either.
      expect(
        await code(
          send('PUT', `/api/sessions/${s2.id}/attendance`, w.admin.cookie, {
            attended: [a.applicationId],
          }),
        ),
      ).toBe(400);
    } finally {
      w.setClock(at(0));
    }
    expect(
      (await w.db.select().from(applications).where(eq(applications.id, b.applicationId)))[0]
        ?.status,
    ).toBe('no_show');
    expect(await places(study.id)).toEqual({ stored: 0, counted: 0 });
  });

  it('a study without sessions keeps scheduled -> selected -> scheduled -> completed on the status route', async () => {
    const study = await w.study({ maxParticipants: 2 });
    const a = await w.selected(study.id);
    for (const status of ['scheduled', 'selected', 'scheduled', 'completed']) {
      const res = await w.move(a.applicationId, { status });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      const p = await places(study.id);
      expect(p.stored, status).toBe(p.counted);
    }
  });
});
