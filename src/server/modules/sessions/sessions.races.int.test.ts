import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, studies } from '../../db/schema/index';
import { at, sessionsWorld, type SessionsWorld } from './sessions.test-support';

let w: SessionsWorld;
beforeAll(async () => {
  w = await sessionsWorld();
});
afterAll(async () => {
  await w.t.close();
});

const bookedIn = async (sessionId: string) =>
  (await w.db.select().from(applications).where(eq(applications.sessionId, sessionId))).filter(
    (a) => a.status === 'scheduled',
  ).length;

describe('booking races', () => {
  it('20 participants booking 3 seats at once: exactly 3 get one, 17 hear "Session is full"', async () => {
    const study = await w.study({ maxParticipants: 50 });
    const session = await w.session(study.id, { capacity: 3 });
    const people = [];
    for (let i = 0; i < 20; i++) people.push(await w.selected(study.id));
    const answers = await Promise.all(
      people.map((p) => w.book(p.cookie, p.applicationId, session.id)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    expect(
      new Set(answers.filter((r) => r.statusCode === 409).map((r) => r.json().message)),
    ).toEqual(new Set(['Session is full']));
    expect(await bookedIn(session.id)).toBe(3);
  });

  it('the study size holds across sessions: 2 places, 3 sessions, 9 bookings at once', async () => {
    const study = await w.study({ maxParticipants: 2 });
    const sessions: { id: string }[] = [];
    for (let i = 0; i < 3; i++)
      sessions.push(await w.session(study.id, { startsAt: at(24 + i * 3).toISOString() }));
    const people = [];
    for (let i = 0; i < 9; i++) people.push(await w.selected(study.id));
    const answers = await Promise.all(
      people.map((p, i) => w.book(p.cookie, p.applicationId, sessions[i % 3]!.id)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const [row] = await w.db.select().from(studies).where(eq(studies.id, study.id));
    expect(row!.currentParticipants).toBe(2);
  });

  it('a cancel and two bookings racing for the last seat never oversell it', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { capacity: 1 });
    const a = await w.selected(study.id);
    const b = await w.selected(study.id);
    const c = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, session.id);
    const answers = await Promise.all([
      w.unbook(a.cookie, a.applicationId),
      w.book(b.cookie, b.applicationId, session.id),
      w.book(c.cookie, c.applicationId, session.id),
    ]);
    expect(answers[0]!.statusCode).toBe(200);
    expect(await bookedIn(session.id)).toBeLessThanOrEqual(1);
  });

  it('a waitlist offer racing a direct booking never oversells the seat', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { capacity: 1 });
    const a = await w.selected(study.id);
    const b = await w.selected(study.id);
    const c = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, session.id);
    await w.t.app.inject({
      method: 'POST',
      url: `/api/tests/${study.id}/waitlist`,
      headers: { cookie: b.cookie },
    });
    const answers = await Promise.all([
      w.unbook(a.cookie, a.applicationId),
      w.book(c.cookie, c.applicationId, session.id),
      w.book(b.cookie, b.applicationId, session.id),
    ]);
    expect(answers[0]!.statusCode).toBe(200);
    expect(await bookedIn(session.id)).toBeLessThanOrEqual(1);
    // Whoever got in, nobody holds an offer on a seat that is taken.
    const list = await w.t.app.inject({
      method: 'GET',
      url: `/api/tests/${study.id}/sessions`,
      headers: { cookie: w.admin.cookie },
    });
    const [s] = list.json().sessions;
    expect(s.booked + (s.capacity - s.booked - s.seatsLeft)).toBeLessThanOrEqual(1);
  });
});
