import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, participants, waitlistEntries } from '../../db/schema/index';
import { failEverywhere, loseDatabase } from '../../../../test/faults/driver-fault';
import { at, sessionsWorld, T0, type SessionsWorld } from './sessions.test-support';

/**
 * The sessions API meeting bad luck (issue 13 review): data that the product's own history
 * left behind. Migration 0008 keeps a phone it cannot read, or one another participant
 * already holds, as it was (docs/decisions/017-phones-e164.md): no SMS can go to it, but
 * the booking, the session's changes and everyone else's reminders must still work.
 */
let w: SessionsWorld;
beforeAll(async () => {
  w = await sessionsWorld();
});
afterAll(async () => {
  w.setClock(T0);
  await w.t.close();
});

let legacy = 0;
/** A phone as typed before phones were stored in E.164, e.g. "0712 345 601 (home)". */
async function withLegacyPhone(person: { id: string }): Promise<string> {
  legacy += 1;
  const phone = `0712 345 ${String(600 + legacy)} (home)`;
  await w.db.update(participants).set({ phone }).where(eq(participants.id, person.id));
  return phone;
}

describe('a participant whose phone the E.164 migration left as typed', () => {
  it('books, is moved and is cancelled by staff: mail queued, the SMS skipped, never a 500', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { capacity: 3 });
    const a = await w.selected(study.id);
    const phone = await withLegacyPhone(a);
    const booked = await w.book(a.cookie, a.applicationId, session.id);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(await w.mailKinds(a.email)).toContain('session-booked');
    expect(await w.smsKinds(phone)).toEqual([]);
    const moved = await w.t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${session.id}`,
      headers: { cookie: w.admin.cookie },
      payload: { startsAt: at(50).toISOString() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cancelled = await w.t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${session.id}/status`,
      headers: { cookie: w.admin.cookie },
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [row] = await w.db
      .select()
      .from(applications)
      .where(eq(applications.id, a.applicationId));
    expect(row?.status).toBe('selected');
    expect(await w.mailKinds(a.email)).toEqual([
      'session-booked',
      'session-changed',
      'session-cancelled',
    ]);
  });

  it('does not stop the reminders of everyone else in the batch', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { startsAt: at(30).toISOString(), capacity: 5 });
    const people = [];
    for (let i = 0; i < 3; i++) {
      const p = await w.selected(study.id);
      expect((await w.book(p.cookie, p.applicationId, session.id)).statusCode).toBe(200);
      people.push(p);
    }
    await withLegacyPhone(people[1]!);
    w.setClock(at(6));
    try {
      const run = await w.t.app.sessions.sendDueReminders();
      expect(run.sent).toBe(3);
    } finally {
      w.setClock(T0);
    }
    for (const p of people)
      expect((await w.mailKinds(p.email)).filter((k) => k.startsWith('session-reminder'))).toEqual([
        'session-reminder-24h',
      ]);
  });
});

describe('a reminder whose message cannot be queued', () => {
  const reminderMails = async (email: string) =>
    (await w.mailKinds(email)).filter((k) => k.startsWith('session-reminder'));

  it('is dropped (logged) alone: everyone else in the batch gets theirs, and it never blocks a run again', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { startsAt: at(30).toISOString(), capacity: 5 });
    const people = [];
    for (let i = 0; i < 3; i++) {
      const p = await w.selected(study.id);
      expect((await w.book(p.cookie, p.applicationId, session.id)).statusCode).toBe(200);
      people.push(p);
    }
    const poisoned = people[1]!;
    // Any fault of that one message that is not the database going away or a deadlock.
    const undo = failEverywhere(
      w.t.database,
      (text, params) => /insert into "mail_outbox"/i.test(text) && params.includes(poisoned.email),
      () => new Error('the message could not be built'),
    );
    w.setClock(at(6));
    try {
      expect(await w.t.app.sessions.sendDueReminders()).toEqual({ sent: 2, dropped: 1 });
      expect(await w.t.app.sessions.sendDueReminders()).toEqual({ sent: 0, dropped: 0 });
    } finally {
      w.setClock(T0);
      undo();
    }
    expect(await reminderMails(people[0]!.email)).toEqual(['session-reminder-24h']);
    expect(await reminderMails(poisoned.email)).toEqual([]);
    expect(await reminderMails(people[2]!.email)).toEqual(['session-reminder-24h']);
  });

  it('is kept while the database is away: the run fails, nothing is dropped, the next run sends', async () => {
    const study = await w.study();
    const session = await w.session(study.id, { startsAt: at(30).toISOString(), capacity: 5 });
    const a = await w.selected(study.id);
    expect((await w.book(a.cookie, a.applicationId, session.id)).statusCode).toBe(200);
    w.setClock(at(6));
    try {
      const undo = loseDatabase(w.t.database);
      try {
        await expect(w.t.app.sessions.sendDueReminders()).rejects.toThrow();
      } finally {
        undo();
      }
      expect((await w.t.app.sessions.sendDueReminders()).sent).toBeGreaterThanOrEqual(1);
    } finally {
      w.setClock(T0);
    }
    expect(await reminderMails(a.email)).toEqual(['session-reminder-24h']);
  });
});

describe('an expired waitlist offer whose notice cannot be queued', () => {
  it('does not stop the offers of other studies from passing on', async () => {
    const lines = [];
    for (let i = 0; i < 2; i++) {
      const study = await w.study();
      const session = await w.session(study.id, { capacity: 1 });
      const a = await w.selected(study.id);
      const b = await w.selected(study.id);
      const c = await w.selected(study.id);
      expect((await w.book(a.cookie, a.applicationId, session.id)).statusCode).toBe(200);
      for (const p of [b, c]) {
        const joined = await w.t.app.inject({
          method: 'POST',
          url: `/api/tests/${study.id}/waitlist`,
          headers: { cookie: p.cookie },
        });
        expect(joined.statusCode).toBe(201);
      }
      // The first study's offer runs out first, so its expiry is handled first.
      w.setClock(at(i * 0.1));
      expect((await w.unbook(a.cookie, a.applicationId)).statusCode).toBe(200);
      w.setClock(T0);
      lines.push({ b, c });
    }
    const entryOf = async (applicationId: string) =>
      (
        await w.db
          .select()
          .from(waitlistEntries)
          .where(eq(waitlistEntries.applicationId, applicationId))
      )[0];
    // The first study's expiry notice always fails.
    const poisoned = lines[0]!.b;
    const undo = failEverywhere(
      w.t.database,
      (text, params) => /insert into "mail_outbox"/i.test(text) && params.includes(poisoned.email),
      () => new Error('the message could not be built'),
    );
    w.setClock(at(2.5));
    try {
      await w.t.app.sessions.expireOffers();
    } finally {
      w.setClock(T0);
      undo();
    }
    expect((await entryOf(lines[0]!.b.applicationId))?.status).toBe('offered');
    expect((await entryOf(lines[1]!.b.applicationId))?.status).toBe('expired');
    expect((await entryOf(lines[1]!.c.applicationId))?.status).toBe('offered');
  });
});
