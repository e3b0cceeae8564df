import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox, smsOutbox } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';

/** The tests' clock starts here (a Monday, 09:00 EAT); tests move it instead of sleeping. */
export const T0 = new Date('2030-01-07T06:00:00Z');
export const HOUR = 3600_000;
export const at = (hoursFromT0: number) => new Date(T0.getTime() + hoursFromT0 * HOUR);

/**
 * A test app whose clock the test moves, an admin, and the steps of the booking tests:
 * a study with sessions, a selected applicant, booking, cancelling, attendance.
 */
export async function sessionsWorld(options: { env?: Record<string, string> } = {}) {
  let clock = T0;
  const t: TestApp = await buildTestApp({
    clock: () => clock,
    ...(options.env ? { env: options.env } : {}),
  });
  const admin = await loginAs(t.app, t.database.db, 'admin');
  const db = t.database.db;
  const inject = t.app.inject.bind(t.app);

  const steps = {
    t,
    db,
    admin,
    setClock(to: Date) {
      clock = to;
    },
    now: () => clock,
    async study(overrides: Parameters<typeof createStudy>[1] = {}) {
      return createStudy(db, { startDate: '2030-01-01', endDate: '2030-06-30', ...overrides });
    },
    createSession(testId: string, payload: Record<string, unknown> = {}, cookie = admin.cookie) {
      return inject({
        method: 'POST',
        url: `/api/tests/${testId}/sessions`,
        headers: { cookie },
        payload: {
          startsAt: at(48).toISOString(),
          mode: 'in_person',
          location: 'iHub, Ngong Road, Nairobi',
          capacity: 3,
          ...payload,
        },
      });
    },
    async session(testId: string, payload: Record<string, unknown> = {}) {
      const res = await steps.createSession(testId, payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().session as { id: string; startsAt: string; capacity: number };
    },
    /** A participant who applied and was selected by the admin. */
    async selected(testId: string) {
      const who = await loginAs(t.app, db, 'participant');
      const applied = await inject({
        method: 'POST',
        url: '/api/applications',
        headers: { cookie: who.cookie },
        payload: { participantId: who.id, testId },
      });
      expect(applied.statusCode, applied.body).toBe(201);
      const applicationId = applied.json().application.id as string;
      const moved = await steps.move(applicationId, { status: 'selected' });
      expect(moved.statusCode, moved.body).toBe(200);
      return { ...who, applicationId };
    },
    move(applicationId: string, payload: object) {
      return inject({
        method: 'PUT',
        url: `/api/applications/${applicationId}/status`,
        headers: { cookie: admin.cookie },
        payload,
      });
    },
    book(cookie: string, applicationId: string, sessionId: string) {
      return inject({
        method: 'POST',
        url: `/api/applications/${applicationId}/booking`,
        headers: { cookie },
        payload: { sessionId },
      });
    },
    unbook(cookie: string, applicationId: string) {
      return inject({
        method: 'DELETE',
        url: `/api/applications/${applicationId}/booking`,
        headers: { cookie },
      });
    },
    attend(applicationId: string, attendance: string) {
      return inject({
        method: 'PUT',
        url: `/api/applications/${applicationId}/attendance`,
        headers: { cookie: admin.cookie },
        payload: { attendance },
      });
    },
    /** Mail kinds queued to an address, oldest first. */
    async mailKinds(email: string) {
      const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((r) => r.kind);
    },
    async mailTo(email: string) {
      return db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    },
    async smsKinds(phone: string) {
      const rows = await db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone));
      return rows.map((r) => r.kind).sort();
    },
  };
  return steps;
}
export type SessionsWorld = Awaited<ReturnType<typeof sessionsWorld>>;
