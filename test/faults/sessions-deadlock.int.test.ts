import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, studies } from '../../src/server/db/schema/index';
import {
  sessionsWorld,
  type SessionsWorld,
} from '../../src/server/modules/sessions/sessions.test-support';
import { failOnceEverywhere } from './driver-fault';

/**
 * decisions.md sections 3 and 9: a deadlock (40P01) or a serialization failure (40001) that
 * PostgreSQL raises in the middle of a booking, a session cancellation or an attendance
 * mark is a 409 "changed at the same time; try again", never a 500; the transaction rolls
 * back whole and the same request then succeeds.
 */
let w: SessionsWorld;
beforeAll(async () => {
  w = await sessionsWorld();
});
afterAll(async () => {
  await w.t.close();
});

const pgError = (code: string, message: string) =>
  Object.assign(new Error(message), { code, severity: 'ERROR' });
const CODES = [
  ['a deadlock', pgError('40P01', 'deadlock detected')],
  ['a serialization failure', pgError('40001', 'could not serialize access')],
] as const;
/** The statement that moves the application: after the locks, before the commit. */
const movesApplication = (text: string) => /^update "applications"/i.test(text.trim());

describe('a deadlock or serialization failure in the sessions routes', () => {
  it.each(CODES)(
    '%s while booking: 409 in the caller’s language, nothing kept, the retry books',
    async (_name, error) => {
      const study = await w.study();
      const session = await w.session(study.id);
      const a = await w.selected(study.id);
      const undo = failOnceEverywhere(w.t.database, movesApplication, error);
      try {
        const res = await w.t.app.inject({
          method: 'POST',
          url: `/api/applications/${a.applicationId}/booking`,
          headers: { cookie: a.cookie, 'accept-language': 'sw' },
          payload: { sessionId: session.id },
        });
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toEqual({
          message: 'Rekodi ilibadilishwa wakati huo huo; tafadhali jaribu tena',
        });
      } finally {
        undo();
      }
      const [row] = await w.db
        .select()
        .from(applications)
        .where(eq(applications.id, a.applicationId));
      expect(row).toMatchObject({ status: 'selected', sessionId: null });
      expect(await w.mailKinds(a.email)).toEqual([]);
      expect((await w.book(a.cookie, a.applicationId, session.id)).statusCode).toBe(200);
    },
  );

  it.each(CODES)(
    '%s while cancelling a session: 409, the bookings kept, the retry cancels',
    async (_name, error) => {
      const study = await w.study();
      const session = await w.session(study.id);
      const a = await w.selected(study.id);
      expect((await w.book(a.cookie, a.applicationId, session.id)).statusCode).toBe(200);
      const cancel = () =>
        w.t.app.inject({
          method: 'PUT',
          url: `/api/sessions/${session.id}/status`,
          headers: { cookie: w.admin.cookie },
          payload: { status: 'cancelled' },
        });
      const undo = failOnceEverywhere(w.t.database, movesApplication, error);
      try {
        const res = await cancel();
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().message).toBe('The record changed at the same time; please try again');
      } finally {
        undo();
      }
      const [row] = await w.db
        .select()
        .from(applications)
        .where(eq(applications.id, a.applicationId));
      expect(row).toMatchObject({ status: 'scheduled', sessionId: session.id });
      const [counted] = await w.db.select().from(studies).where(eq(studies.id, study.id));
      expect(counted?.currentParticipants).toBe(1);
      expect((await cancel()).statusCode).toBe(200);
    },
  );
});
