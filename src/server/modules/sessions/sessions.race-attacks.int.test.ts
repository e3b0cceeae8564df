import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, sessionReminders, studies, waitlistEntries } from '../../db/schema/index';
import { at, sessionsWorld, T0, type SessionsWorld } from './sessions.test-support';

/**
 * The sessions API raced (issue 13 review; on PostgreSQL the requests really run at once):
 * whatever the order, no seat is oversold, no reminder doubled, no answer is a 500.
 */
let w: SessionsWorld;
beforeAll(async () => {
  w = await sessionsWorld({ env: { RATE_LIMIT_WRITES_PER_MIN: '100000' } });
});
afterAll(async () => {
  w.setClock(T0);
  await w.t.close();
});

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) => w.t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const entryOf = async (applicationId: string) =>
  (
    await w.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.applicationId, applicationId))
  )[0];
const applicationOf = async (id: string) =>
  (await w.db.select().from(applications).where(eq(applications.id, id)))[0]!;
async function places(testId: string) {
  const [study] = await w.db.select().from(studies).where(eq(studies.id, testId));
  const rows = await w.db.select().from(applications).where(eq(applications.testId, testId));
  return {
    stored: study!.currentParticipants,
    counted: rows.filter((a) => a.status === 'scheduled' || a.status === 'completed').length,
  };
}
const reminders24 = async (email: string) =>
  (await w.mailKinds(email)).filter((k) => k === 'session-reminder-24h').length;

describe('racing bookings', () => {
  it('one person booking two overlapping sessions of two studies at once gets one of them', async () => {
    const one = await w.study();
    const two = await w.study();
    const s1 = await w.session(one.id, {
      startsAt: at(48).toISOString(),
      durationMinutes: 120,
      capacity: 10,
    });
    const s2 = await w.session(two.id, { startsAt: at(49).toISOString(), capacity: 10 });
    for (let round = 0; round < 4; round++) {
      const a = await w.selected(one.id);
      const applied = await send('POST', '/api/applications', a.cookie, {
        participantId: a.id,
        testId: two.id,
      });
      const second = applied.json().application.id as string;
      expect((await w.move(second, { status: 'selected' })).statusCode).toBe(200);
      const answers = await Promise.all([
        w.book(a.cookie, a.applicationId, s1.id),
        w.book(a.cookie, second, s2.id),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((r) => r.statusCode === 409)!;
      expect(refused.json().message).toMatch(/^You already have a session at that time/);
    }
  });

  it('deleting a booked participant while another books their seat: never oversold, counts right', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { capacity: 1 });
    const a = await w.selected(study.id);
    const b = await w.selected(study.id);
    expect((await w.book(a.cookie, a.applicationId, session.id)).statusCode).toBe(200);
    const [gone, booked] = await Promise.all([
      send('DELETE', `/api/participants/${a.id}`, w.admin.cookie),
      w.book(b.cookie, b.applicationId, session.id),
    ]);
    expect(gone.statusCode, gone.body).toBe(200);
    expect([200, 409]).toContain(booked.statusCode);
    const p = await places(study.id);
    expect(p.stored).toBe(p.counted);
    expect(p.counted).toBe(booked.statusCode === 200 ? 1 : 0);
  });
});

describe('racing the waitlist', () => {
  it('an offer expiring while the offered person books: booked or passed on, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const study = await w.study();
      const session = await w.session(study.id, { capacity: 1 });
      const a = await w.selected(study.id);
      const b = await w.selected(study.id);
      const c = await w.selected(study.id);
      expect((await w.book(a.cookie, a.applicationId, session.id)).statusCode).toBe(200);
      for (const p of [b, c])
        expect((await send('POST', `/api/tests/${study.id}/waitlist`, p.cookie)).statusCode).toBe(
          201,
        );
      expect((await w.unbook(a.cookie, a.applicationId)).statusCode).toBe(200);
      expect((await entryOf(b.applicationId))?.status).toBe('offered');
      w.setClock(at(2 + 1 / 60));
      try {
        const [expired, booked] = await Promise.all([
          w.t.app.sessions.expireOffers(),
          w.book(b.cookie, b.applicationId, session.id),
        ]);
        const bEntry = await entryOf(b.applicationId);
        const cEntry = await entryOf(c.applicationId);
        if (booked.statusCode === 200) {
          expect(bEntry?.status).toBe('booked');
          expect(cEntry?.status).toBe('waiting');
          expect(expired).toBe(0);
        } else {
          expect(booked.statusCode, booked.body).toBe(409);
          expect(bEntry?.status).toBe('expired');
          expect(cEntry).toMatchObject({ status: 'offered', offeredSessionId: session.id });
        }
      } finally {
        w.setClock(T0);
      }
    }
  });
});

describe('racing staff', () => {
  it('two admins cancelling and editing one session at once: one order or the other, never a 500', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { capacity: 3 });
    const a = await w.selected(study.id);
    expect((await w.book(a.cookie, a.applicationId, session.id)).statusCode).toBe(200);
    const [cancelled, edited, again] = await Promise.all([
      send('PUT', `/api/sessions/${session.id}/status`, w.admin.cookie, { status: 'cancelled' }),
      send('PUT', `/api/sessions/${session.id}`, w.admin.cookie, {
        capacity: 5,
        location: 'Room 9',
      }),
      send('PUT', `/api/sessions/${session.id}/status`, w.admin.cookie, { status: 'cancelled' }),
    ]);
    expect([cancelled.statusCode, again.statusCode].sort()).toEqual([200, 409]);
    expect([200, 409]).toContain(edited.statusCode);
    expect(await applicationOf(a.applicationId)).toMatchObject({
      status: 'selected',
      sessionId: null,
    });
    expect((await places(study.id)).stored).toBe(0);
  });

  it('a withdrawal racing the attendance mark: exactly one wins, counts right', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { capacity: 3, startsAt: at(30).toISOString() });
    const a = await w.selected(study.id);
    expect((await w.book(a.cookie, a.applicationId, session.id)).statusCode).toBe(200);
    w.setClock(at(31));
    try {
      const [withdrawn, marked] = await Promise.all([
        send('POST', `/api/applications/${a.applicationId}/withdraw`, a.cookie),
        w.attend(a.applicationId, 'no_show'),
      ]);
      expect([withdrawn.statusCode, marked.statusCode].sort()).toEqual([200, 409]);
      const row = await applicationOf(a.applicationId);
      expect(row.status).toBe(withdrawn.statusCode === 200 ? 'withdrawn' : 'no_show');
    } finally {
      w.setClock(T0);
    }
    const p = await places(study.id);
    expect(p).toEqual({ stored: 0, counted: 0 });
  });
});

describe('racing the reminders', () => {
  it('five reminder runs racing a move: at most one reminder for the old time, then one for the new', async () => {
    const study = await w.study({ maxParticipants: 50 });
    const session = await w.session(study.id, { startsAt: at(30).toISOString(), capacity: 20 });
    const people = [];
    for (let i = 0; i < 12; i++) {
      const p = await w.selected(study.id);
      expect((await w.book(p.cookie, p.applicationId, session.id)).statusCode).toBe(200);
      people.push(p);
    }
    // The 24-hour reminders (due at 6 h) are due; the session moves to 80 h meanwhile.
    w.setClock(at(6.5));
    try {
      const [moved] = await Promise.all([
        send('PUT', `/api/sessions/${session.id}`, w.admin.cookie, {
          startsAt: at(80).toISOString(),
        }),
        ...Array.from({ length: 5 }, () => w.t.app.sessions.sendDueReminders(3)),
      ]);
      expect(moved.statusCode, moved.body).toBe(200);
      // Whatever was not claimed before the move is not due any more.
      for (let i = 0; i < 5; i++) expect((await w.t.app.sessions.sendDueReminders()).sent).toBe(0);
    } finally {
      w.setClock(T0);
    }
    const before = await Promise.all(people.map((p) => reminders24(p.email)));
    for (const n of before) expect(n).toBeLessThanOrEqual(1);
    for (const p of people) {
      const rows = await w.db
        .select()
        .from(sessionReminders)
        .where(eq(sessionReminders.applicationId, p.applicationId));
      const day = rows.find((r) => r.kind === '24h')!;
      expect(day.dueAt.toISOString()).toBe(at(56).toISOString());
      expect(day.sentAt).toBeNull();
    }
    w.setClock(at(56));
    try {
      const runs = await Promise.all(
        Array.from({ length: 5 }, () => w.t.app.sessions.sendDueReminders(3)),
      );
      let sent = runs.reduce((n, r) => n + r.sent, 0);
      for (let i = 0; i < 5; i++) sent += (await w.t.app.sessions.sendDueReminders()).sent;
      expect(sent).toBe(12);
    } finally {
      w.setClock(T0);
    }
    const after = await Promise.all(people.map((p) => reminders24(p.email)));
    expect(after).toEqual(before.map((n) => n + 1));
  });
});
