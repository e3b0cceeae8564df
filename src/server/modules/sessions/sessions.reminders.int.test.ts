import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, smsOutbox, waitlistEntries } from '../../db/schema/index';
import { fitsOneSms } from '../../../shared/rules/sms';
import { at, sessionsWorld, T0, type SessionsWorld } from './sessions.test-support';

let w: SessionsWorld;
beforeAll(async () => {
  w = await sessionsWorld();
});
afterAll(async () => {
  await w.t.close();
});

/** Runs the reminder job at `when`, then puts the clock back. */
async function remindAt(when: Date) {
  w.setClock(when);
  try {
    return await w.t.app.sessions.sendDueReminders();
  } finally {
    w.setClock(T0);
  }
}

const reminderKinds = async (email: string) =>
  (await w.mailKinds(email)).filter((k) => k.startsWith('session-reminder'));

describe('reminders', () => {
  it('sends the 24-hour and the 2-hour reminder by mail and SMS, each exactly once', async () => {
    const study = await w.study({ title: 'Mobile money onboarding' });
    const session = await w.session(study.id, { startsAt: at(48).toISOString() });
    const a = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, session.id);

    expect((await remindAt(at(23.9))).sent).toBe(0);
    await remindAt(at(24));
    await remindAt(at(25));
    expect(await reminderKinds(a.email)).toEqual(['session-reminder-24h']);
    await remindAt(at(46));
    await remindAt(at(47));
    expect(await reminderKinds(a.email)).toEqual(['session-reminder-24h', 'session-reminder-2h']);
    const sms = await w.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.kind, 'session-reminder-2h'));
    const mine = sms.filter((s) => s.body.includes('Mobile money'));
    expect(mine).toHaveLength(1);
    expect(fitsOneSms(mine[0]!.body)).toBe(true);
  });

  it('five instances running at once send each reminder once', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { startsAt: at(30).toISOString(), capacity: 10 });
    const people = [];
    for (let i = 0; i < 6; i++) {
      const p = await w.selected(study.id);
      await w.book(p.cookie, p.applicationId, session.id);
      people.push(p);
    }
    w.setClock(at(6));
    try {
      const runs = await Promise.all(
        Array.from({ length: 5 }, () => w.t.app.sessions.sendDueReminders(2)),
      );
      // Whatever the split between the runs, the rest goes out on the next ones.
      let total = runs.reduce((n, r) => n + r.sent, 0);
      for (let i = 0; i < 5; i++) total += (await w.t.app.sessions.sendDueReminders(2)).sent;
      expect(total).toBe(6);
    } finally {
      w.setClock(T0);
    }
    for (const p of people) expect(await reminderKinds(p.email)).toEqual(['session-reminder-24h']);
  });

  it('a moved session re-arms its reminders for the new time; a cancelled booking sends none', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { startsAt: at(30).toISOString() });
    const a = await w.selected(study.id);
    const b = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, session.id);
    await w.book(b.cookie, b.applicationId, session.id);
    await remindAt(at(6));
    expect(await reminderKinds(a.email)).toEqual(['session-reminder-24h']);
    await w.unbook(b.cookie, b.applicationId);
    const moved = await w.t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${session.id}`,
      headers: { cookie: w.admin.cookie },
      payload: { startsAt: at(80).toISOString() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await remindAt(at(28)); // the old 2-hour time: nothing
    await remindAt(at(56));
    await remindAt(at(78));
    expect(await reminderKinds(a.email)).toEqual([
      'session-reminder-24h',
      'session-reminder-24h',
      'session-reminder-2h',
    ]);
    expect(await reminderKinds(b.email)).toEqual(['session-reminder-24h']);
  });

  it('reminders due while the server was down go out when it is back, unless the session has started', async () => {
    const study = await w.study();
    const soon = await w.session(study.id, { startsAt: at(30).toISOString() });
    const gone = await w.session(study.id, { startsAt: at(40).toISOString() });
    const a = await w.selected(study.id);
    const b = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, soon.id);
    await w.book(b.cookie, b.applicationId, gone.id);
    // Down from before any reminder until 29 h: a's session is ahead, b's 24-hour one too.
    await remindAt(at(29));
    expect(await reminderKinds(a.email)).toEqual(['session-reminder-24h', 'session-reminder-2h']);
    expect(await reminderKinds(b.email)).toEqual(['session-reminder-24h']);
    // Down again past b's start: its 2-hour reminder is dropped, not sent late.
    const late = await remindAt(at(41));
    expect(late.dropped).toBeGreaterThanOrEqual(1);
    expect(await reminderKinds(b.email)).toEqual(['session-reminder-24h']);
  });

  it('a cancelled study sends no more reminders for its sessions', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { startsAt: at(30).toISOString() });
    const a = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, session.id);
    const cancelled = await w.t.app.inject({
      method: 'PUT',
      url: `/api/tests/${study.id}/status`,
      headers: { cookie: w.admin.cookie },
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const run = await remindAt(at(29));
    expect(run.dropped).toBeGreaterThanOrEqual(2);
    expect(await reminderKinds(a.email)).toEqual([]);
  });

  it('a booking made 5 hours before gets only the 2-hour reminder', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { startsAt: at(5).toISOString() });
    const a = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, session.id);
    await remindAt(at(4));
    expect(await reminderKinds(a.email)).toEqual(['session-reminder-2h']);
  });
});

describe('the waitlist', () => {
  const join = (cookie: string, testId: string) =>
    w.t.app.inject({ method: 'POST', url: `/api/tests/${testId}/waitlist`, headers: { cookie } });

  it('offers a freed seat to the first in line for two hours, then passes it on', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { capacity: 1, startsAt: at(48).toISOString() });
    const a = await w.selected(study.id);
    const b = await w.selected(study.id);
    const c = await w.selected(study.id);
    const early = await join(b.cookie, study.id);
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      'A session still has seats: please book it instead',
    ]);
    await w.book(a.cookie, a.applicationId, session.id);
    const first = await join(b.cookie, study.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().entry).toMatchObject({ status: 'waiting', position: 1 });
    expect((await join(c.cookie, study.id)).json().entry.position).toBe(2);
    expect((await join(c.cookie, study.id)).statusCode).toBe(409);

    // A cancels: the seat is held for B; C cannot take it.
    await w.unbook(a.cookie, a.applicationId);
    expect(await w.mailKinds(b.email)).toContain('session-seat-offered');
    const taken = await w.book(c.cookie, c.applicationId, session.id);
    expect([taken.statusCode, taken.json().message]).toEqual([409, 'Session is full']);
    const mine = await w.t.app.inject({
      method: 'GET',
      url: '/api/applications',
      headers: { cookie: b.cookie },
    });
    expect(mine.json().applications[0].waitlist).toMatchObject({
      status: 'offered',
      offeredSessionId: session.id,
      offerExpiresAt: at(2).toISOString(),
    });

    // B lets the two hours pass: the offer goes to C, who books it.
    w.setClock(at(2));
    try {
      expect(await w.t.app.sessions.expireOffers()).toBe(1);
      expect(await w.mailKinds(b.email)).toContain('session-offer-expired');
      expect(await w.mailKinds(c.email)).toContain('session-seat-offered');
      const booked = await w.book(c.cookie, c.applicationId, session.id);
      expect(booked.statusCode, booked.body).toBe(200);
    } finally {
      w.setClock(T0);
    }
    const entries = await w.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.testId, study.id));
    expect(entries.map((e) => e.status).sort()).toEqual(['booked', 'expired']);
  });

  it('the offered participant accepts by booking the held seat', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { capacity: 1 });
    const a = await w.selected(study.id);
    const b = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, session.id);
    await join(b.cookie, study.id);
    await w.unbook(w.admin.cookie, a.applicationId);
    const res = await w.book(b.cookie, b.applicationId, session.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().application.waitlist).toBeNull();
  });

  it('leaving the line passes a running offer on; leaving twice is 404', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { capacity: 1 });
    const a = await w.selected(study.id);
    const b = await w.selected(study.id);
    const c = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, session.id);
    await join(b.cookie, study.id);
    await join(c.cookie, study.id);
    await w.unbook(a.cookie, a.applicationId);
    const leave = (cookie: string) =>
      w.t.app.inject({
        method: 'DELETE',
        url: `/api/tests/${study.id}/waitlist`,
        headers: { cookie },
      });
    const left = await leave(b.cookie);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().entry.status).toBe('left');
    expect(await w.mailKinds(c.email)).toContain('session-seat-offered');
    const again = await leave(b.cookie);
    expect([again.statusCode, again.json().message]).toEqual([
      404,
      'You are not on the waitlist for this study',
    ]);
  });

  it('joining needs a selected application and a study with sessions', async () => {
    const study = await w.study();
    const a = await w.selected(study.id);
    const none = await join(a.cookie, study.id);
    expect([none.statusCode, none.json().message]).toEqual([
      409,
      'This study has no upcoming sessions yet',
    ]);
    expect((await join(w.admin.cookie, study.id)).statusCode).toBe(403);
  });
});

describe('mail of the booking flow', () => {
  it('the booked mail names the study, the day and time in EAT and the place', async () => {
    const study = await w.study({ title: 'Shop owners and M-Pesa' });
    const session = await w.session(study.id, { startsAt: '2030-01-10T01:30:00+03:00' });
    const a = await w.selected(study.id);
    await w.book(a.cookie, a.applicationId, session.id);
    const [mail] = (
      await w.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, a.email))
    ).filter((m) => m.kind === 'session-booked');
    expect(mail!.textBody).toContain('Shop owners and M-Pesa');
    expect(mail!.textBody).toContain('01:30');
    expect(mail!.textBody).toContain('iHub, Ngong Road, Nairobi');
  });
});
