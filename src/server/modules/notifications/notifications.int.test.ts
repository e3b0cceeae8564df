import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, clientRequests, researchRequests } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, createStudy, loginAs } from '../../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Answer = {
  notifications: { id: string; kind: string; title: string; createdAt: string; unread: boolean }[];
  unreadCount: number;
};

async function bell(cookie: string): Promise<Answer> {
  const res = await t.app.inject({ url: '/api/notifications', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json();
}

function markRead(cookie: string, payload?: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/notifications/read',
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Three events a minute apart, oldest first: an application, an inquiry, a research request. */
async function seedEvents() {
  const db = t.database.db;
  const { participant } = await createParticipant(t.app, { firstName: 'Wanjiru', lastName: 'K' });
  const study = await createStudy(db, { title: 'Mobile checkout' });
  const base = Date.now() - 10 * 60_000;
  const [application] = await db
    .insert(applications)
    .values({ participantId: participant.id, testId: study.id, appliedAt: new Date(base) })
    .returning();
  const [inquiry] = await db
    .insert(clientRequests)
    .values({
      companyName: 'Safari Foods',
      contactPerson: 'A',
      email: 'a@safari.example',
      service: 'research',
      message: 'm',
      createdAt: new Date(base + 60_000),
    })
    .returning();
  const [research] = await db
    .insert(researchRequests)
    .values({
      company: 'Matatu Maps',
      contactName: 'C',
      email: 'c@mm.example',
      phone: '0712345678',
      description: 'd',
      createdAt: new Date(base + 120_000),
    })
    .returning();
  return { application: application!, inquiry: inquiry!, research: research! };
}

describe('the notification bell', () => {
  it('is for admins only', async () => {
    expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/notifications/read' })).statusCode,
    ).toBe(401);
    const participant = await loginAs(t.app, t.database.db, 'participant');
    const refused = await t.app.inject({
      url: '/api/notifications',
      headers: { cookie: participant.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect((await markRead(participant.cookie)).statusCode).toBe(403);
  });

  it('lists real events newest first, unread until read, per admin', async () => {
    const { application, inquiry, research } = await seedEvents();
    const admin = await loginAs(t.app, t.database.db, 'admin');
    const other = await loginAs(t.app, t.database.db, 'admin');

    const first = await bell(admin.cookie);
    expect(first.unreadCount).toBe(3);
    expect(first.notifications.map((n) => [n.kind, n.id, n.unread])).toEqual([
      ['research-request', research.id, true],
      ['client-request', inquiry.id, true],
      ['application', application.id, true],
    ]);
    expect(first.notifications.map((n) => n.title)).toEqual([
      'Research request from Matatu Maps',
      'Inquiry from Safari Foods',
      'Wanjiru K applied to Mobile checkout',
    ]);

    // Opening the inquiry reads it alone: the newer research request and the older
    // application stay new.
    const one = await markRead(admin.cookie, {
      event: { kind: 'client-request', id: inquiry.id },
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ unreadCount: 2 });
    const after = await bell(admin.cookie);
    expect(after.unreadCount).toBe(2);
    expect(after.notifications.map((n) => n.unread)).toEqual([true, false, true]);

    // Opening it again changes nothing; opening the application reads it too.
    expect(
      (await markRead(admin.cookie, { event: { kind: 'client-request', id: inquiry.id } })).json(),
    ).toEqual({ unreadCount: 2 });
    await markRead(admin.cookie, { event: { kind: 'application', id: application.id } });
    const two = await bell(admin.cookie);
    expect(two.unreadCount).toBe(1);
    expect(two.notifications.map((n) => n.unread)).toEqual([true, false, false]);

    // Mark all as read, with or without an empty body.
    const all = await markRead(admin.cookie, {});
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect((await markRead(admin.cookie)).json()).toEqual({ unreadCount: 0 });
    const none = await bell(admin.cookie);
    expect(none.unreadCount).toBe(0);
    expect(none.notifications.every((n) => !n.unread)).toBe(true);

    // The other admin's mark is their own.
    expect((await bell(other.cookie)).unreadCount).toBe(3);

    // A new event after the mark is unread again.
    await t.database.db.insert(clientRequests).values({
      companyName: 'Late Co',
      contactPerson: 'L',
      email: 'l@late.example',
      service: 'other',
      message: 'm',
    });
    const later = await bell(admin.cookie);
    expect(later.unreadCount).toBe(1);
    expect(later.notifications[0]).toMatchObject({
      kind: 'client-request',
      title: 'Inquiry from Late Co',
      unread: true,
    });
  });

  it('counts an opened event that is later deleted neither as read nor as unread', async () => {
    const admin = await loginAs(t.app, t.database.db, 'admin');
    const before = (await bell(admin.cookie)).unreadCount;
    const { research } = await seedEvents();
    await markRead(admin.cookie, { event: { kind: 'research-request', id: research.id } });
    expect((await bell(admin.cookie)).unreadCount).toBe(before + 2);
    await t.database.db.delete(researchRequests).where(eq(researchRequests.id, research.id));
    expect((await bell(admin.cookie)).unreadCount).toBe(before + 2);
  });

  it('refuses a malformed or unknown event with a clear message', async () => {
    const admin = await loginAs(t.app, t.database.db, 'admin');
    const bad = await markRead(admin.cookie, { event: { kind: 'payment', id: 'nope' } });
    expect(bad.statusCode).toBe(400);
    const missing = await markRead(admin.cookie, {
      event: { kind: 'application', id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'That notification no longer exists' });
  });
});

describe('the bell after real submissions', () => {
  const inquiry = (companyName: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/client-requests',
      payload: {
        companyName,
        contactPerson: 'Njeri',
        email: 'njeri@example.com',
        service: 'research',
        message: 'Help us.',
      },
    });
  let boss: { cookie: string };
  beforeAll(async () => {
    boss = await loginAs(t.app, t.database.db, 'admin');
  });

  it('counts real unread events and clears them when read', async () => {
    await markRead(boss.cookie);
    expect((await bell(boss.cookie)).unreadCount).toBe(0);
    await inquiry('Bell Test Ltd');
    const study = await createStudy(t.database.db);
    const p = await loginAs(t.app, t.database.db, 'participant');
    await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: p.cookie },
      payload: { participantId: p.id, testId: study.id },
    });
    const seen = await bell(boss.cookie);
    expect(seen.unreadCount).toBe(2);
    expect(
      seen.notifications
        .slice(0, 2)
        .map((n: { kind: string }) => n.kind)
        .sort(),
    ).toEqual(['application', 'client-request']);
    expect((await markRead(boss.cookie)).json()).toEqual({ unreadCount: 0 });
    expect((await bell(boss.cookie)).unreadCount).toBe(0);
  });
});
