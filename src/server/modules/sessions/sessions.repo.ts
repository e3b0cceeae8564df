import {
  and,
  asc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  applications,
  participants,
  sessionReminders,
  studies,
  studySessions,
  waitlistEntries,
} from '../../db/schema/index';
import { PLACE_TAKING_STATUSES } from '../../../shared/rules/capacity';
import type { ReminderKind } from '../../../shared/schemas/options';

export type SessionRow = typeof studySessions.$inferSelect;
export type WaitlistRow = typeof waitlistEntries.$inferSelect;

/**
 * A session id for the subqueries below: a value, or the outer query's session row. The
 * outer column is written qualified, since drizzle leaves columns unqualified in a
 * single-table select, where "id" inside the subquery would name its own table's id.
 */
type SessionRef = string | 'outer';
const sessionRef = (ref: SessionRef): SQL =>
  ref === 'outer' ? sql.raw('"study_sessions"."id"') : sql`${ref}`;

/** Seats held in a session: its scheduled and completed bookings (decisions.md section 9). */
export function bookedIn(ref: SessionRef): SQL<number> {
  return sql<number>`(SELECT count(*)::int FROM applications AS seat WHERE seat.session_id = ${sessionRef(ref)} AND seat.status IN (${sql.join(
    PLACE_TAKING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )}))`;
}

/** Seats held for waitlist offers still running at `now`, except the one made to `except`. */
export function heldIn(ref: SessionRef, now: Date, except?: string): SQL<number> {
  return sql<number>`(SELECT count(*)::int FROM waitlist_entries AS hold WHERE hold.offered_session_id = ${sessionRef(ref)} AND hold.status = 'offered' AND hold.offer_expires_at > ${now}${except ? sql` AND hold.application_id <> ${except}` : sql``})`;
}

export type SessionWithCounts = SessionRow & { booked: number; held: number };

const withCounts = (now: Date) => ({
  session: studySessions,
  booked: bookedIn('outer'),
  held: heldIn('outer', now),
});

export async function insertSessions(
  tx: DbOrTx,
  rows: (typeof studySessions.$inferInsert)[],
): Promise<SessionRow[]> {
  return tx.insert(studySessions).values(rows).returning();
}

export async function findSession(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(studySessions).where(eq(studySessions.id, id)).limit(1);
  return row;
}

/** Locks the session; take the study's lock first (studies.repo `lockStudy`), the application's after. */
export async function lockSession(tx: DbOrTx, id: string): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(studySessions).where(eq(studySessions.id, id)).for('update');
  return row;
}

export async function sessionCounts(
  tx: DbOrTx,
  id: string,
  now: Date,
  exceptOfferTo?: string,
): Promise<{ booked: number; held: number }> {
  const [row] = await tx
    .select({ booked: bookedIn(id), held: heldIn(id, now, exceptOfferTo) })
    .from(sql`(SELECT 1) AS one`);
  return { booked: Number(row?.booked ?? 0), held: Number(row?.held ?? 0) };
}

/** A study's sessions, oldest first, with their counts. */
export async function listSessions(
  db: DbOrTx,
  testId: string,
  now: Date,
): Promise<SessionWithCounts[]> {
  const rows = await db
    .select(withCounts(now))
    .from(studySessions)
    .where(eq(studySessions.testId, testId))
    .orderBy(asc(studySessions.startsAt), asc(studySessions.id));
  return rows.map((r) => ({ ...r.session, booked: Number(r.booked), held: Number(r.held) }));
}

export async function withSessionCounts(
  db: DbOrTx,
  id: string,
  now: Date,
): Promise<SessionWithCounts | undefined> {
  const [row] = await db
    .select(withCounts(now))
    .from(studySessions)
    .where(eq(studySessions.id, id))
    .limit(1);
  return row && { ...row.session, booked: Number(row.booked), held: Number(row.held) };
}

/** Whether the study runs in sessions at all (then scheduling means booking one). */
export async function studyHasSessions(db: DbOrTx, testId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: studySessions.id })
    .from(studySessions)
    .where(eq(studySessions.testId, testId))
    .limit(1);
  return row !== undefined;
}

export async function updateSession(
  tx: DbOrTx,
  id: string,
  change: Partial<typeof studySessions.$inferInsert>,
): Promise<SessionRow> {
  const [row] = await tx
    .update(studySessions)
    .set(change)
    .where(eq(studySessions.id, id))
    .returning();
  if (!row) throw new Error('UPDATE of a locked session answered no row');
  return row;
}

export async function deleteSession(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(studySessions).where(eq(studySessions.id, id));
}

/** Whether anyone ever booked the session (scheduled, or kept after attending or missing it). */
export async function everBooked(tx: DbOrTx, sessionId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.sessionId, sessionId))
    .limit(1);
  return row !== undefined;
}

export const personColumns = {
  id: participants.id,
  firstName: participants.firstName,
  email: participants.email,
  phone: participants.phone,
  language: participants.language,
};
export type Person = {
  id: string;
  firstName: string;
  email: string;
  phone: string;
  language: 'en' | 'sw';
};

/** The scheduled bookings of a session, locked, with their people. */
export async function lockScheduledIn(tx: DbOrTx, sessionId: string) {
  const rows = await tx
    .select({ application: applications })
    .from(applications)
    .where(and(eq(applications.sessionId, sessionId), eq(applications.status, 'scheduled')))
    .orderBy(asc(applications.id))
    .for('update');
  return rows.map((r) => r.application);
}

export async function findPerson(tx: DbOrTx, participantId: string): Promise<Person | undefined> {
  const [row] = await tx
    .select(personColumns)
    .from(participants)
    .where(eq(participants.id, participantId))
    .limit(1);
  return row;
}

/**
 * Locks the participant's row against other bookings of theirs (FOR NO KEY UPDATE: it
 * does not block applying, whose foreign key takes only a key-share lock). Bookings of one
 * person in different studies hold different study locks, so without it two of them could
 * each miss the other in `overlappingBooking`. Taken last: study, session, application,
 * then the person.
 */
export async function lockPersonForBooking(tx: DbOrTx, participantId: string): Promise<void> {
  await tx
    .select({ id: participants.id })
    .from(participants)
    .where(eq(participants.id, participantId))
    .for('no key update');
}

/** Another booking of the participant, in any study, overlapping [start, end). */
export async function overlappingBooking(
  tx: DbOrTx,
  q: { participantId: string; exceptApplicationId: string; start: Date; end: Date },
): Promise<{ title: string; startsAt: Date } | undefined> {
  const [row] = await tx
    .select({ title: studies.title, startsAt: studySessions.startsAt })
    .from(applications)
    .innerJoin(studySessions, eq(studySessions.id, applications.sessionId))
    .innerJoin(studies, eq(studies.id, applications.testId))
    .where(
      and(
        eq(applications.participantId, q.participantId),
        ne(applications.id, q.exceptApplicationId),
        eq(applications.status, 'scheduled'),
        sql`${studySessions.startsAt} < ${q.end}`,
        sql`${studySessions.startsAt} + ${studySessions.durationMinutes} * interval '1 minute' > ${q.start}`,
      ),
    )
    .limit(1);
  return row;
}

// Reminders -----------------------------------------------------------------------------

const REMINDER_OFFSETS: Record<ReminderKind, number> = { '24h': 24 * 3600_000, '2h': 2 * 3600_000 };

/**
 * Arms the 24 h and 2 h reminders of a booking for the session's time; a kind already due
 * at `now` is not armed (a booking made 5 hours before gets the 2-hour one only). A moved
 * session re-arms: the row gets the new time and is unsent again.
 */
export async function armReminders(
  tx: DbOrTx,
  booking: { applicationId: string; sessionId: string; startsAt: Date },
  now: Date,
): Promise<void> {
  const rows = (Object.keys(REMINDER_OFFSETS) as ReminderKind[])
    .map((kind) => ({
      applicationId: booking.applicationId,
      sessionId: booking.sessionId,
      kind,
      dueAt: new Date(booking.startsAt.getTime() - REMINDER_OFFSETS[kind]),
    }))
    .filter((r) => r.dueAt > now);
  // Reminders of the booking for another time (or another session) never go out.
  await tx
    .delete(sessionReminders)
    .where(
      and(
        eq(sessionReminders.applicationId, booking.applicationId),
        isNull(sessionReminders.sentAt),
      ),
    );
  if (rows.length === 0) return;
  await tx
    .insert(sessionReminders)
    .values(rows)
    .onConflictDoUpdate({
      target: [sessionReminders.applicationId, sessionReminders.sessionId, sessionReminders.kind],
      set: { dueAt: sql`excluded.due_at`, sentAt: null },
    });
}

/** A cancelled booking sends no reminder. */
export async function disarmReminders(tx: DbOrTx, applicationId: string): Promise<void> {
  await tx
    .delete(sessionReminders)
    .where(and(eq(sessionReminders.applicationId, applicationId), isNull(sessionReminders.sentAt)));
}

/**
 * Claims up to `limit` due reminders (FOR UPDATE SKIP LOCKED: instances take disjoint rows)
 * with what the message needs. The caller queues the messages and marks the rows sent in
 * the same transaction, so each goes out once.
 */
export async function claimDueReminders(tx: DbOrTx, now: Date, limit: number) {
  const due = await tx
    .select({ id: sessionReminders.id })
    .from(sessionReminders)
    .where(and(isNull(sessionReminders.sentAt), lte(sessionReminders.dueAt, now)))
    .orderBy(asc(sessionReminders.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  return tx
    .select({
      reminder: sessionReminders,
      application: {
        id: applications.id,
        status: applications.status,
        sessionId: applications.sessionId,
      },
      session: studySessions,
      study: { title: studies.title, status: studies.status },
      person: personColumns,
    })
    .from(sessionReminders)
    .innerJoin(applications, eq(applications.id, sessionReminders.applicationId))
    .innerJoin(studySessions, eq(studySessions.id, sessionReminders.sessionId))
    .innerJoin(studies, eq(studies.id, studySessions.testId))
    .innerJoin(participants, eq(participants.id, applications.participantId))
    .where(
      inArray(
        sessionReminders.id,
        due.map((d) => d.id),
      ),
    );
}

export async function markRemindersSent(tx: DbOrTx, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(sessionReminders).set({ sentAt: now }).where(inArray(sessionReminders.id, ids));
}

// No-shows and reliability ---------------------------------------------------------------

/** No-shows of a participant since `since` (the window's start or the last reset). */
export async function noShowsSince(
  tx: DbOrTx,
  participantId: string,
  since: Date,
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(applications)
    .where(
      and(
        eq(applications.participantId, participantId),
        eq(applications.attendance, 'no_show'),
        gt(applications.attendanceAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * A participant's reliability counts as SQL for a list (correlated on `participantId`):
 * completed applications, and no-shows since the later of the window's start and the
 * participant's last reset.
 */
export function reliabilityColumns(participantId: SQLWrapper, windowStart: Date) {
  return {
    completedCount: sql<number>`(SELECT count(*)::int FROM applications AS done WHERE done.participant_id = ${participantId} AND done.status = 'completed')`,
    noShowCount: sql<number>`(SELECT count(*)::int FROM applications AS missed WHERE missed.participant_id = ${participantId} AND missed.attendance = 'no_show' AND missed.attendance_at > greatest(${windowStart}::timestamptz, coalesce((SELECT p.no_shows_reset_at FROM participants AS p WHERE p.id = ${participantId}), '-infinity'::timestamptz)))`,
  };
}

/**
 * The reliability counts of several participants in one grouped query (the participants
 * list): completed applications, and no-shows since the later of `windowStart` and each
 * person's last reset. Participants with neither are absent from the map.
 */
export async function reliabilityOf(
  db: DbOrTx,
  participantIds: string[],
  windowStart: Date,
): Promise<Map<string, { completedCount: number; noShowCount: number }>> {
  if (participantIds.length === 0) return new Map();
  const rows = await db
    .select({
      participantId: applications.participantId,
      completedCount: sql<number>`count(*) FILTER (WHERE ${applications.status} = 'completed')::int`,
      noShowCount: sql<number>`count(*) FILTER (WHERE ${applications.attendance} = 'no_show' AND ${applications.attendanceAt} > greatest(${windowStart}::timestamptz, coalesce(${participants.noShowsResetAt}, '-infinity'::timestamptz)))::int`,
    })
    .from(applications)
    .innerJoin(participants, eq(participants.id, applications.participantId))
    .where(inArray(applications.participantId, participantIds))
    .groupBy(applications.participantId, participants.noShowsResetAt);
  return new Map(
    rows.map((r) => [
      r.participantId,
      { completedCount: Number(r.completedCount), noShowCount: Number(r.noShowCount) },
    ]),
  );
}

export async function resetNoShows(tx: DbOrTx, participantId: string, now: Date) {
  const [row] = await tx
    .update(participants)
    .set({ noShowsResetAt: now })
    .where(eq(participants.id, participantId))
    .returning({ id: participants.id });
  return row;
}

export async function noShowsResetAt(tx: DbOrTx, participantId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: participants.noShowsResetAt })
    .from(participants)
    .where(eq(participants.id, participantId))
    .limit(1);
  return row?.at ?? null;
}

// Waitlist ---------------------------------------------------------------------------------

export async function activeWaitlistEntry(
  tx: DbOrTx,
  applicationId: string,
): Promise<WaitlistRow | undefined> {
  const [row] = await tx
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.applicationId, applicationId),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
      ),
    )
    .limit(1)
    .for('update');
  return row;
}

export async function insertWaitlistEntry(
  tx: DbOrTx,
  values: { testId: string; applicationId: string },
): Promise<WaitlistRow> {
  const [row] = await tx.insert(waitlistEntries).values(values).returning();
  if (!row) throw new Error('INSERT … RETURNING answered no row');
  return row;
}

export async function setWaitlistStatus(
  tx: DbOrTx,
  id: string,
  change: Pick<WaitlistRow, 'status'> &
    Partial<Pick<WaitlistRow, 'offeredSessionId' | 'offerExpiresAt'>>,
): Promise<WaitlistRow> {
  const [row] = await tx
    .update(waitlistEntries)
    .set(change)
    .where(eq(waitlistEntries.id, id))
    .returning();
  if (!row) throw new Error('UPDATE of a waitlist entry answered no row');
  return row;
}

/** 1 for the first in line among those waiting; null once offered or out of line. */
export async function waitlistPosition(tx: DbOrTx, entry: WaitlistRow): Promise<number | null> {
  if (entry.status !== 'waiting') return null;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.testId, entry.testId),
        eq(waitlistEntries.status, 'waiting'),
        // Compared in SQL: created_at has microseconds, a JavaScript Date only milliseconds.
        sql`(${waitlistEntries.createdAt}, ${waitlistEntries.id}) <= (SELECT self.created_at, self.id FROM waitlist_entries AS self WHERE self.id = ${entry.id})`,
      ),
    );
  return Number(row?.n ?? 1);
}

/** The first waiting entries of a study whose application is still selected, locked, oldest first. */
export async function firstInLine(tx: DbOrTx, testId: string, limit: number) {
  return tx
    .select({ entry: waitlistEntries, participantId: applications.participantId })
    .from(waitlistEntries)
    .innerJoin(applications, eq(applications.id, waitlistEntries.applicationId))
    .where(
      and(
        eq(waitlistEntries.testId, testId),
        eq(waitlistEntries.status, 'waiting'),
        eq(applications.status, 'selected'),
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(limit)
    .for('update', { of: waitlistEntries, skipLocked: true });
}

/** Open sessions of a study that have not started, locked, soonest first. */
export async function lockUpcomingSessions(tx: DbOrTx, testId: string, now: Date) {
  return tx
    .select()
    .from(studySessions)
    .where(
      and(
        eq(studySessions.testId, testId),
        eq(studySessions.status, 'open'),
        gt(studySessions.startsAt, now),
      ),
    )
    .orderBy(asc(studySessions.startsAt), asc(studySessions.id))
    .for('update');
}

/** Offers whose hold has run out, with their studies: the worker passes them on. */
export async function expiredOffers(tx: DbOrTx, now: Date, limit: number) {
  return tx
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.status, 'offered'),
        isNotNull(waitlistEntries.offerExpiresAt),
        lte(waitlistEntries.offerExpiresAt, now),
      ),
    )
    .orderBy(asc(waitlistEntries.offerExpiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * The running offers on a session go back in line, in their places (the session is
 * cancelled or deleted): one statement, under the study's lock the caller holds.
 */
export async function returnOffersToLine(tx: DbOrTx, sessionId: string): Promise<void> {
  await tx
    .update(waitlistEntries)
    .set({ status: 'waiting', offeredSessionId: null, offerExpiresAt: null })
    .where(
      and(eq(waitlistEntries.offeredSessionId, sessionId), eq(waitlistEntries.status, 'offered')),
    );
}

// Applications, as the booking steps change them -------------------------------------------

type ApplicationRow = typeof applications.$inferSelect;

/** The participant's application to a study, locked when `lock`. */
export async function ownApplicationTo(
  tx: DbOrTx,
  testId: string,
  participantId: string,
  lock = false,
): Promise<ApplicationRow | undefined> {
  const query = tx
    .select()
    .from(applications)
    .where(and(eq(applications.testId, testId), eq(applications.participantId, participantId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A change the participant must hear of: the calendar file's SEQUENCE goes up. */
export async function bumpCalendarSequence(tx: DbOrTx, id: string): Promise<ApplicationRow> {
  const [row] = await tx
    .update(applications)
    .set({ calendarSequence: sql`${applications.calendarSequence} + 1` })
    .where(eq(applications.id, id))
    .returning();
  if (!row) throw new Error('UPDATE of a locked application answered no row');
  return row;
}

/** Scheduled in `sessionId`: a new booking or a move (attendance cleared, SEQUENCE up). */
export async function bookInto(
  tx: DbOrTx,
  id: string,
  sessionId: string,
  reviewedBy: string | null,
): Promise<ApplicationRow> {
  const [row] = await tx
    .update(applications)
    .set({
      status: 'scheduled',
      sessionId,
      scheduledAt: sql`now()`,
      attendance: null,
      attendanceAt: null,
      calendarSequence: sql`${applications.calendarSequence} + 1`,
      ...(reviewedBy ? { reviewedBy, reviewedAt: sql`now()` } : {}),
    })
    .where(eq(applications.id, id))
    .returning();
  if (!row) throw new Error('UPDATE of a locked application answered no row');
  return row;
}

/** Attended (still scheduled, ready to complete) or no-show (final), at `at`. */
/** Records that staff excused the application (it is back in selected, its seat freed). */
export async function markExcused(tx: DbOrTx, id: string, at: Date): Promise<ApplicationRow> {
  const [row] = await tx
    .update(applications)
    .set({ excusedAt: at })
    .where(eq(applications.id, id))
    .returning();
  if (!row) throw new Error('UPDATE of a locked application answered no row');
  return row;
}

export async function setAttendance(
  tx: DbOrTx,
  id: string,
  mark: { attendance: 'attended' | 'no_show'; at: Date; reviewedBy: string | null },
): Promise<ApplicationRow> {
  const [row] = await tx
    .update(applications)
    .set({
      attendance: mark.attendance,
      attendanceAt: mark.at,
      reviewedBy: mark.reviewedBy,
      reviewedAt: sql`now()`,
      ...(mark.attendance === 'no_show' ? { status: 'no_show' as const } : {}),
    })
    .where(eq(applications.id, id))
    .returning();
  if (!row) throw new Error('UPDATE of a locked application answered no row');
  return row;
}
