import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { isConnectionError, loggableError, pgErrorOf } from '../../lib/db-errors';
import { activeLanguage, tr } from '../../../shared/i18n/runtime';
import { noShowWindowStart } from '../../../shared/rules/reliability';
import { isFinalApplication } from '../../../shared/rules/transitions';
import type { Application } from '../../../shared/schemas/applications';
import type { Attendance, UserType } from '../../../shared/schemas/options';
import type {
  CreateSessionData,
  CreateSessionSeriesData,
  StudySession,
  UpdateSessionData,
  WaitlistEntry,
  sessionAttendanceSchema,
} from '../../../shared/schemas/sessions';
import type { z } from 'zod';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { toApplication } from '../applications/applications.mapper';
import {
  findApplication,
  lockApplication,
  type ApplicationRow,
} from '../applications/applications.repo';
import { lockStudy, findStudy, type StudyRow } from '../studies/studies.repo';
import { studyNotFound, type StudiesService } from '../studies/studies.service';
import {
  closeWaitlistEntry,
  offerFreeSeats,
  releaseBooking,
  seatsChanged,
  studyRoomLeft,
} from './bookings';
import { bookingCalendar, notifyBooking, type NoticeContext } from './session-notices';
import {
  activeWaitlistEntry,
  armReminders,
  bookInto,
  bumpCalendarSequence,
  ownApplicationTo,
  markExcused,
  setAttendance,
  claimDueReminders,
  deleteSession,
  everBooked,
  expiredOffers,
  findPerson,
  findSession,
  insertSessions,
  insertWaitlistEntry,
  listSessions,
  lockPersonForBooking,
  lockScheduledIn,
  lockSession,
  lockUpcomingSessions,
  markRemindersSent,
  noShowsResetAt,
  noShowsSince,
  returnOffersToLine,
  overlappingBooking,
  resetNoShows,
  sessionCounts,
  setWaitlistStatus,
  updateSession,
  waitlistPosition,
  withSessionCounts,
  type SessionRow,
  type SessionWithCounts,
  type WaitlistRow,
} from './sessions.repo';
import { bookingExtras } from './booking-view';
import { formatSessionTime } from './session-copy';

type User = { id: string; userType: UserType };

/** The database away, or a deadlock or serialization failure: the next run tries again. */
const isTransient = (error: unknown) =>
  isConnectionError(error) || (pgErrorOf(error)?.code.startsWith('40') ?? false);
const HOUR = 3600_000;
const EAT_OFFSET_MS = 3 * HOUR;

const applicationNotFound = () => notFound(tr('errors', 'application.notFound'));
const sessionNotFound = () => notFound(tr('errors', 'booking.sessionNotFound'));

export function toSession(row: SessionWithCounts): StudySession {
  return {
    id: row.id,
    testId: row.testId,
    startsAt: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    mode: row.mode,
    location: row.location,
    meetingUrl: row.meetingUrl,
    capacity: row.capacity,
    status: row.status,
    booked: row.booked,
    seatsLeft: Math.max(row.capacity - row.booked - row.held, 0),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The day of an instant in Nairobi (EAT, UTC+3, no daylight saving): "2026-12-01". */
export function eatDay(at: Date): string {
  return new Date(at.getTime() + EAT_OFFSET_MS).toISOString().slice(0, 10);
}

/** "Tue 1 Dec, 14:00" in EAT, in the request's language, for refusals that name another booking. */
function eatWhen(at: Date): string {
  const { day, time } = formatSessionTime(at, activeLanguage());
  return `${day}, ${time}`;
}

export function createSessionsService(deps: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  studies: StudiesService;
  now?: () => Date;
}) {
  const { db, config, log } = deps;
  const now = deps.now ?? (() => new Date());
  const notices: NoticeContext = { config, log, now };

  /** A session's place and time checked against its study (decisions.md section 9). */
  function checkTiming(study: StudyRow, startsAt: Date, field = 'startsAt'): void {
    if (startsAt.getTime() <= now().getTime())
      throw badRequest('The session must start in the future', {
        [field]: 'Choose a start in the future',
      });
    const day = eatDay(startsAt);
    if ((study.startDate && day < study.startDate) || (study.endDate && day > study.endDate)) {
      const range = `${study.startDate ?? 'any day'} to ${study.endDate ?? 'any day'}`;
      throw badRequest('The session must fall within the study dates', {
        [field]: `Choose a day (EAT) within the study dates: ${range}`,
      });
    }
  }

  function sessionValues(study: StudyRow, input: CreateSessionData, startsAt: Date) {
    return {
      testId: study.id,
      startsAt,
      durationMinutes: input.durationMinutes ?? Math.min(study.duration * 60, 1440),
      mode: input.mode,
      location: input.mode === 'in_person' ? (input.location ?? null) : null,
      meetingUrl: input.mode === 'remote' ? (input.meetingUrl ?? null) : null,
      capacity: input.capacity,
    };
  }

  async function sessionView(tx: DbOrTx, id: string): Promise<StudySession> {
    const row = await withSessionCounts(tx, id, now());
    if (!row) throw sessionNotFound();
    return toSession(row);
  }

  async function applicationView(
    tx: DbOrTx,
    row: ApplicationRow,
    study: StudyRow,
  ): Promise<Application> {
    return toApplication(row, study, await bookingExtras(tx, row));
  }

  /** The application, checked for who may act on it: its participant, or an admin. */
  async function ownedApplication(tx: DbOrTx, user: User, id: string) {
    const found = await findApplication(tx, id);
    if (!found) throw applicationNotFound();
    if (user.userType !== 'admin' && found.participantId !== user.id)
      throw forbidden(tr('errors', 'booking.notYours'));
    const study = await lockStudy(tx, found.testId, 'update');
    const application = await lockApplication(tx, id);
    if (!study || !application) throw applicationNotFound();
    return { study, application };
  }

  async function noShowsInWindow(tx: DbOrTx, participantId: string): Promise<number> {
    const windowStart = noShowWindowStart(now(), config.booking.noShowWindowDays);
    const reset = await noShowsResetAt(tx, participantId);
    return noShowsSince(tx, participantId, reset && reset > windowStart ? reset : windowStart);
  }

  /** Tells everyone booked in a session what changed, and re-arms or drops their reminders. */
  async function tellBooked(
    tx: DbOrTx,
    study: StudyRow,
    session: SessionRow,
    booked: ApplicationRow[],
    kind: 'changed' | 'cancelled',
  ) {
    for (const application of booked) {
      const person = await findPerson(tx, application.participantId);
      if (!person) continue;
      await notifyBooking(tx, notices, kind, {
        person,
        studyTitle: study.title,
        session,
        applicationId: application.id,
        sequence: application.calendarSequence,
      });
    }
  }

  return {
    async create(testId: string, input: CreateSessionData, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const study = await lockStudy(tx, testId, 'update');
        if (!study) throw notFound(studyNotFound());
        const startsAt = new Date(input.startsAt);
        checkTiming(study, startsAt);
        const [row] = await insertSessions(tx, [sessionValues(study, input, startsAt)]);
        if (!row) throw new Error('INSERT … RETURNING answered no row');
        await recordAudit(tx, ctx, {
          action: 'session.create',
          resource: 'session',
          resourceId: row.id,
          details: { testId, startsAt: row.startsAt.toISOString(), capacity: row.capacity },
        });
        await offerFreeSeats(tx, notices, study);
        return sessionView(tx, row.id);
      });
    },

    /** The same session every day or week, `count` times: all created, or none (400 names the first bad one). */
    async createSeries(testId: string, input: CreateSessionSeriesData, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const study = await lockStudy(tx, testId, 'update');
        if (!study) throw notFound(studyNotFound());
        const first = new Date(input.startsAt);
        const step = (input.repeat === 'daily' ? 24 : 7 * 24) * HOUR;
        const starts = Array.from(
          { length: input.count },
          (_, i) => new Date(first.getTime() + i * step),
        );
        starts.forEach((at, i) => {
          try {
            checkTiming(study, at);
          } catch (error) {
            if (error instanceof AppError)
              throw badRequest(`Session ${i + 1} of the series: ${error.message}`, {
                startsAt: `Session ${i + 1} (${eatDay(at)}) falls outside the study dates or in the past; shorten the series or move its start`,
              });
            throw error;
          }
        });
        const rows = await insertSessions(
          tx,
          starts.map((at) => sessionValues(study, input, at)),
        );
        await recordAudit(tx, ctx, {
          action: 'session.create_series',
          resource: 'study',
          resourceId: testId,
          details: { count: rows.length, repeat: input.repeat, first: first.toISOString() },
        });
        await offerFreeSeats(tx, notices, study);
        const all = await listSessions(tx, testId, now());
        const ids = new Set(rows.map((r) => r.id));
        return all.filter((s) => ids.has(s.id)).map(toSession);
      });
    },

    /** Admins, and participants selected or scheduled in the study. */
    async list(user: User, testId: string): Promise<StudySession[]> {
      const study = await findStudy(db, testId);
      if (!study) throw notFound(studyNotFound());
      if (user.userType !== 'admin') {
        const own = await ownApplicationTo(db, testId, user.id);
        if (!own || !['selected', 'scheduled'].includes(own.status))
          throw forbidden(tr('errors', 'sessions.notSelected'));
      }
      return (await listSessions(db, testId, now())).map(toSession);
    },

    /** Time, place, link or seats; a move or a new place tells everyone booked and re-arms their reminders. */
    async update(id: string, input: UpdateSessionData, ctx: RequestContext): Promise<StudySession> {
      return db.transaction(async (tx) => {
        const found = await findSession(tx, id);
        if (!found) throw sessionNotFound();
        const study = await lockStudy(tx, found.testId, 'update');
        const session = await lockSession(tx, id);
        if (!study || !session) throw sessionNotFound();
        if (session.status === 'cancelled') throw conflict('A cancelled session cannot be changed');
        if (session.startsAt <= now())
          throw conflict('A session that has started cannot be changed');
        const mode = input.mode ?? session.mode;
        const location = mode === 'in_person' ? (input.location ?? session.location) : null;
        const meetingUrl = mode === 'remote' ? (input.meetingUrl ?? session.meetingUrl) : null;
        if (mode === 'in_person' && !location)
          throw badRequest('Enter where the session takes place', {
            location: 'Enter where the session takes place',
          });
        if (mode === 'remote' && !meetingUrl)
          throw badRequest('Enter the https:// link participants join with', {
            meetingUrl: 'Enter the https:// link participants join with',
          });
        const startsAt = input.startsAt ? new Date(input.startsAt) : session.startsAt;
        if (input.startsAt) checkTiming(study, startsAt);
        const counts = await sessionCounts(tx, id, now());
        if (input.capacity !== undefined && input.capacity < counts.booked + counts.held)
          throw conflict(
            `This session has ${counts.booked} booked${counts.held ? ` and ${counts.held} held for the waitlist` : ''}: seats cannot go below ${counts.booked + counts.held}`,
            { capacity: `At least ${counts.booked + counts.held}` },
          );
        const updated = await updateSession(tx, id, {
          startsAt,
          mode,
          location,
          meetingUrl,
          ...(input.durationMinutes !== undefined
            ? { durationMinutes: input.durationMinutes }
            : {}),
          ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
        });
        const moved =
          updated.startsAt.getTime() !== session.startsAt.getTime() ||
          updated.durationMinutes !== session.durationMinutes ||
          updated.mode !== session.mode ||
          updated.location !== session.location ||
          updated.meetingUrl !== session.meetingUrl;
        if (moved) {
          const booked = await lockScheduledIn(tx, id);
          const bumped: ApplicationRow[] = [];
          for (const application of booked) {
            bumped.push(await bumpCalendarSequence(tx, application.id));
            await armReminders(
              tx,
              { applicationId: application.id, sessionId: id, startsAt: updated.startsAt },
              now(),
            );
          }
          await tellBooked(tx, study, updated, bumped, 'changed');
        }
        await recordAudit(tx, ctx, {
          action: 'session.update',
          resource: 'session',
          resourceId: id,
          details: { testId: study.id, changed: Object.keys(input), told: moved },
        });
        if ((input.capacity ?? 0) > session.capacity) await offerFreeSeats(tx, notices, study);
        return sessionView(tx, id);
      });
    },

    /** Every booked application goes back to selected and its participant is told; offers go back in line. */
    async cancel(id: string, ctx: RequestContext): Promise<StudySession> {
      const result = await db.transaction(async (tx) => {
        const found = await findSession(tx, id);
        if (!found) throw sessionNotFound();
        const study = await lockStudy(tx, found.testId, 'update');
        const session = await lockSession(tx, id);
        if (!study || !session) throw sessionNotFound();
        if (session.status === 'cancelled') throw conflict('This session is already cancelled');
        if (session.startsAt <= now())
          throw conflict('A session that has started cannot be cancelled; mark attendance instead');
        const cancelled = await updateSession(tx, id, { status: 'cancelled' });
        const booked = await lockScheduledIn(tx, id);
        const released: ApplicationRow[] = [];
        for (const application of booked)
          released.push(await releaseBooking(tx, application, 'selected', ctx.actor?.id ?? null));
        await tellBooked(tx, study, cancelled, released, 'cancelled');
        await returnOffersToLine(tx, id);
        await recordAudit(tx, ctx, {
          action: 'session.cancel',
          resource: 'session',
          resourceId: id,
          details: { testId: study.id, released: released.length },
        });
        await seatsChanged(tx, notices, study);
        return sessionView(tx, id);
      });
      deps.studies.invalidatePublicList();
      return result;
    },

    /** Only a session nobody ever booked can go (409: cancel it instead). */
    async remove(id: string, ctx: RequestContext): Promise<void> {
      await db.transaction(async (tx) => {
        const found = await findSession(tx, id);
        if (!found) throw sessionNotFound();
        const study = await lockStudy(tx, found.testId, 'update');
        const session = await lockSession(tx, id);
        if (!study || !session) throw sessionNotFound();
        if (await everBooked(tx, id))
          throw conflict('Someone booked this session: cancel it instead, so they are told');
        await returnOffersToLine(tx, id);
        await deleteSession(tx, id);
        await recordAudit(tx, ctx, {
          action: 'session.delete',
          resource: 'session',
          resourceId: id,
          details: { testId: study.id, startsAt: session.startsAt.toISOString() },
        });
        await offerFreeSeats(tx, notices, study);
      });
    },

    /**
     * Books a seat (decisions.md section 9). The study row is locked first, then the session
     * and the application: concurrent bookings of one study queue, so neither the session's
     * seats nor the study's places are ever oversold. A booking from `scheduled` moves it.
     */
    async book(user: User, applicationId: string, sessionId: string, ctx: RequestContext) {
      const isAdmin = user.userType === 'admin';
      const result = await db.transaction(async (tx) => {
        const { study, application } = await ownedApplication(tx, user, applicationId);
        const session = await lockSession(tx, sessionId);
        if (!session) throw sessionNotFound();
        if (session.testId !== study.id)
          throw badRequest(tr('errors', 'booking.otherStudy'), {
            sessionId: tr('errors', 'booking.otherStudy'),
          });
        const allowedFrom = isAdmin
          ? ['interested', 'screening', 'selected', 'scheduled']
          : ['selected', 'scheduled'];
        if (!allowedFrom.includes(application.status))
          throw conflict(
            isAdmin
              ? `An application that is ${application.status} cannot be booked`
              : tr('errors', 'booking.notSelected'),
          );
        if (!['active', 'paused'].includes(study.status) || (!isAdmin && study.status !== 'active'))
          throw conflict(tr('errors', 'booking.studyClosed'));
        if (session.status === 'cancelled')
          throw conflict(tr('errors', 'booking.sessionCancelled'));
        if (session.startsAt <= now()) throw conflict(tr('errors', 'booking.sessionStarted'));
        const moving = application.status === 'scheduled';
        if (moving && application.sessionId === session.id)
          throw conflict(tr('errors', 'booking.sameSession'));
        if (moving && !isAdmin) {
          const current = application.sessionId
            ? await findSession(tx, application.sessionId)
            : undefined;
          if (
            current &&
            current.startsAt.getTime() - config.booking.cutoffHours * HOUR <= now().getTime()
          )
            throw conflict(tr('errors', 'booking.tooLate', { hours: config.booking.cutoffHours }));
        }
        if (!isAdmin) {
          const missed = await noShowsInWindow(tx, application.participantId);
          if (missed >= config.booking.noShowLimit)
            throw forbidden(
              tr('errors', 'booking.paused', {
                count: missed,
                contact: config.contact.email ?? tr('errors', 'booking.pausedContactFallback'),
              }),
            );
        }
        // The person's other bookings may be in other studies, under other study locks.
        await lockPersonForBooking(tx, application.participantId);
        const end = new Date(session.startsAt.getTime() + session.durationMinutes * 60_000);
        const clash = await overlappingBooking(tx, {
          participantId: application.participantId,
          exceptApplicationId: application.id,
          start: session.startsAt,
          end,
        });
        if (clash)
          throw conflict(
            tr('errors', 'booking.overlap', { title: clash.title, when: eatWhen(clash.startsAt) }),
          );
        const counts = await sessionCounts(tx, session.id, now(), application.id);
        if (counts.booked + counts.held >= session.capacity)
          throw conflict(tr('errors', 'booking.sessionFull'));
        // A place held for someone's waitlist offer is taken for everyone else, whichever
        // session they book (decisions.md section 9: "during the hold nobody else can take it").
        if (!moving && (await studyRoomLeft(tx, study, now(), application.id)) <= 0)
          throw conflict(tr('errors', 'application.studyFull'));

        const booked = await bookInto(tx, application.id, session.id, isAdmin ? user.id : null);
        await armReminders(
          tx,
          { applicationId: booked.id, sessionId: session.id, startsAt: session.startsAt },
          now(),
        );
        await closeWaitlistEntry(tx, booked.id, 'booked');
        const person = await findPerson(tx, booked.participantId);
        if (person)
          await notifyBooking(tx, notices, moving ? 'changed' : 'booked', {
            person,
            studyTitle: study.title,
            session,
            applicationId: booked.id,
            sequence: booked.calendarSequence,
          });
        await recordAudit(tx, ctx, {
          action: moving ? 'booking.move' : 'booking.create',
          resource: 'application',
          resourceId: booked.id,
          details: {
            testId: study.id,
            sessionId: session.id,
            ...(moving ? { fromSessionId: application.sessionId } : { from: application.status }),
          },
        });
        // A move frees the old seat for the line.
        await seatsChanged(tx, notices, study);
        return applicationView(tx, booked, study);
      });
      deps.studies.invalidatePublicList();
      return result;
    },

    /** Frees the seat: the participant up to the cut-off before the start, admins always. */
    async cancelBooking(user: User, applicationId: string, ctx: RequestContext) {
      const isAdmin = user.userType === 'admin';
      const result = await db.transaction(async (tx) => {
        const { study, application } = await ownedApplication(tx, user, applicationId);
        if (application.status !== 'scheduled' || !application.sessionId)
          throw conflict(tr('errors', 'booking.notBooked'));
        const session = await findSession(tx, application.sessionId);
        if (
          !isAdmin &&
          session &&
          session.startsAt.getTime() - config.booking.cutoffHours * HOUR <= now().getTime()
        )
          throw conflict(tr('errors', 'booking.tooLate', { hours: config.booking.cutoffHours }));
        const released = await releaseBooking(
          tx,
          application,
          'selected',
          isAdmin ? user.id : undefined,
        );
        if (isAdmin && session) {
          const person = await findPerson(tx, application.participantId);
          if (person)
            await notifyBooking(tx, notices, 'cancelled', {
              person,
              studyTitle: study.title,
              session,
              applicationId: released.id,
              sequence: released.calendarSequence,
            });
        }
        await recordAudit(tx, ctx, {
          action: 'booking.cancel',
          resource: 'application',
          resourceId: application.id,
          details: { testId: study.id, sessionId: application.sessionId },
        });
        await seatsChanged(tx, notices, study);
        return applicationView(tx, released, study);
      });
      deps.studies.invalidatePublicList();
      return result;
    },

    /** The participant steps out, any time before completion; any seat or place in line is freed. */
    async withdraw(user: User, applicationId: string, ctx: RequestContext) {
      if (user.userType === 'admin') throw forbidden();
      const result = await db.transaction(async (tx) => {
        const { study, application } = await ownedApplication(tx, user, applicationId);
        if (isFinalApplication(application.status)) throw conflict(tr('errors', 'withdraw.closed'));
        const withdrawn = await releaseBooking(tx, application, 'withdrawn');
        await closeWaitlistEntry(tx, application.id, 'left');
        await recordAudit(tx, ctx, {
          action: 'application.withdraw',
          resource: 'application',
          resourceId: application.id,
          details: { testId: study.id, from: application.status },
        });
        await seatsChanged(tx, notices, study);
        return applicationView(tx, withdrawn, study);
      });
      deps.studies.invalidatePublicList();
      return result;
    },

    /** One booking's attendance, once its session has started. */
    async markAttendance(applicationId: string, attendance: Attendance, ctx: RequestContext) {
      const [one] = await markMany([{ applicationId, attendance }], ctx);
      if (!one) throw applicationNotFound();
      return one;
    },

    /** A whole session's attendance in one change; every id must be booked in that session. */
    async markSessionAttendance(
      sessionId: string,
      input: z.output<typeof sessionAttendanceSchema>,
      ctx: RequestContext,
    ) {
      const session = await findSession(db, sessionId);
      if (!session) throw sessionNotFound();
      const marks = [
        ...input.attended.map((id) => ({ applicationId: id, attendance: 'attended' as const })),
        ...input.noShow.map((id) => ({ applicationId: id, attendance: 'no_show' as const })),
        ...input.excused.map((id) => ({ applicationId: id, attendance: 'excused' as const })),
      ];
      return markMany(marks, ctx, sessionId);
    },

    /** The booking's calendar file (owner or admin). */
    async calendar(user: User, applicationId: string): Promise<string> {
      const application = await findApplication(db, applicationId);
      if (!application) throw applicationNotFound();
      if (user.userType !== 'admin' && application.participantId !== user.id)
        throw forbidden(tr('errors', 'booking.notYours'));
      const session = application.sessionId
        ? await findSession(db, application.sessionId)
        : undefined;
      const study = await findStudy(db, application.testId);
      const person = await findPerson(db, application.participantId);
      if (!session || !study) throw notFound(tr('errors', 'booking.notBooked'));
      return bookingCalendar(notices, {
        applicationId: application.id,
        sequence: application.calendarSequence,
        studyTitle: study.title,
        session,
        cancelled: session.status === 'cancelled' || application.status !== 'scheduled',
        language: person?.language ?? 'en',
      });
    },

    /** An admin lifts the no-show pause: only later no-shows count (audited). */
    async resetReliability(participantId: string, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const before = await noShowsInWindow(tx, participantId);
        const row = await resetNoShows(tx, participantId, now());
        if (!row) throw notFound(tr('errors', 'participant.notFound'));
        await recordAudit(tx, ctx, {
          action: 'participant.reliability_reset',
          resource: 'participant',
          resourceId: participantId,
          details: { noShowsBefore: before },
        });
        return { noShowsBefore: before };
      });
    },

    /** A selected participant joins the line when every upcoming session of the study is full. */
    async joinWaitlist(user: User, testId: string, ctx: RequestContext): Promise<WaitlistEntry> {
      return db.transaction(async (tx) => {
        const study = await lockStudy(tx, testId, 'update');
        if (!study) throw notFound(studyNotFound());
        const own = await ownApplicationTo(tx, testId, user.id, true);
        if (!own || own.status !== 'selected') throw conflict(tr('errors', 'waitlist.notSelected'));
        const upcoming = await lockUpcomingSessions(tx, testId, now());
        if (upcoming.length === 0) throw conflict(tr('errors', 'waitlist.noSessions'));
        // Full means no seat in any session, or no place left in the study (booking then
        // answers "Study is full", so the line is the way in: section 6).
        if ((await studyRoomLeft(tx, study, now())) > 0)
          for (const session of upcoming) {
            const counts = await sessionCounts(tx, session.id, now());
            if (counts.booked + counts.held < session.capacity)
              throw conflict(tr('errors', 'waitlist.seatsLeft'));
          }
        if (await activeWaitlistEntry(tx, own.id)) throw conflict(tr('errors', 'waitlist.already'));
        const entry = await insertWaitlistEntry(tx, { testId, applicationId: own.id });
        await recordAudit(tx, ctx, {
          action: 'waitlist.join',
          resource: 'application',
          resourceId: own.id,
          details: { testId },
        });
        return toWaitlistEntry(entry, await waitlistPosition(tx, entry));
      });
    },

    /** Leaves the line; a seat offered to them passes to the next in line. */
    async leaveWaitlist(user: User, testId: string, ctx: RequestContext): Promise<WaitlistEntry> {
      return db.transaction(async (tx) => {
        const study = await lockStudy(tx, testId, 'update');
        if (!study) throw notFound(studyNotFound());
        const own = await ownApplicationTo(tx, testId, user.id);
        const entry = own ? await activeWaitlistEntry(tx, own.id) : undefined;
        if (!entry) throw notFound(tr('errors', 'waitlist.notOn'));
        const left = await setWaitlistStatus(tx, entry.id, { status: 'left' });
        await recordAudit(tx, ctx, {
          action: 'waitlist.leave',
          resource: 'application',
          resourceId: entry.applicationId,
          details: { testId, wasOffered: entry.status === 'offered' },
        });
        if (entry.status === 'offered') await offerFreeSeats(tx, notices, study);
        return toWaitlistEntry(left, null);
      });
    },

    /**
     * Sends the reminders due now (decisions.md section 9), at most `limit` per call: each row
     * is claimed with SKIP LOCKED and marked in the transaction that queues its messages, so
     * it goes out once whatever the number of instances. A reminder whose booking was
     * cancelled, moved elsewhere or whose session has started is dropped unsent.
     */
    async sendDueReminders(limit = 200): Promise<{ sent: number; dropped: number }> {
      try {
        return await remindBatch(limit);
      } catch (error) {
        if (isTransient(error)) throw error;
        // One reminder whose message cannot be queued must not hold back every other: the
        // batch is sent again one by one, and only the one that fails is dropped (logged).
        log.error({ err: loggableError(error) }, 'reminder batch failed; sending one by one');
        const total = { sent: 0, dropped: 0 };
        for (let i = 0; i < limit; i++) {
          const claimed: string[] = [];
          try {
            const one = await remindBatch(1, claimed);
            if (one.sent + one.dropped === 0) break;
            total.sent += one.sent;
            total.dropped += one.dropped;
          } catch (oneError) {
            if (isTransient(oneError) || claimed.length === 0) throw oneError;
            log.error(
              { err: loggableError(oneError), reminderId: claimed[0] },
              'reminder dropped: its message could not be queued',
            );
            await markRemindersSent(db, claimed, now());
            total.dropped += 1;
          }
        }
        return total;
      }
    },

    /** Offers whose two hours ran out pass to the next in line; the person is told. */
    async expireOffers(limit = 100): Promise<number> {
      const due = await expiredOffers(db, now(), limit);
      let expired = 0;
      for (const testId of new Set(due.map((d) => d.testId))) {
        try {
          expired += await db.transaction(async (tx) => {
            const study = await lockStudy(tx, testId, 'update');
            if (!study) return 0;
            const stale = (await expiredOffers(tx, now(), limit)).filter(
              (o) => o.testId === testId,
            );
            for (const offer of stale) {
              await setWaitlistStatus(tx, offer.id, { status: 'expired' });
              await tellExpired(tx, study, offer);
            }
            await offerFreeSeats(tx, notices, study);
            return stale.length;
          });
        } catch (error) {
          // One study whose line cannot move must not stop every other study's.
          if (isTransient(error)) throw error;
          log.error(
            { err: loggableError(error), testId },
            'waitlist offers of a study not passed on',
          );
        }
      }
      return expired;
    },
  };

  /**
   * Claims up to `limit` due reminders, queues the live ones' messages and marks every
   * claimed row sent, in one transaction; `claimed` receives the ids it claimed.
   */
  async function remindBatch(
    limit: number,
    claimed: string[] = [],
  ): Promise<{ sent: number; dropped: number }> {
    return db.transaction(async (tx) => {
      const due = await claimDueReminders(tx, now(), limit);
      claimed.push(...due.map((r) => r.reminder.id));
      let sent = 0;
      for (const r of due) {
        const live =
          r.application.status === 'scheduled' &&
          r.application.sessionId === r.session.id &&
          r.session.status === 'open' &&
          r.session.startsAt > now() &&
          // A study that was cancelled or closed sends no more reminders for its sessions.
          !['cancelled', 'completed'].includes(r.study.status);
        if (!live) continue;
        await notifyBooking(
          tx,
          notices,
          r.reminder.kind === '24h' ? 'reminder-24h' : 'reminder-2h',
          {
            person: r.person,
            studyTitle: r.study.title,
            session: r.session,
            applicationId: r.application.id,
            sequence: 0,
          },
        );
        sent += 1;
      }
      await markRemindersSent(
        tx,
        due.map((r) => r.reminder.id),
        now(),
      );
      return { sent, dropped: due.length - sent };
    });
  }

  async function tellExpired(tx: DbOrTx, study: StudyRow, offer: WaitlistRow) {
    const app = await findApplication(tx, offer.applicationId);
    const session = offer.offeredSessionId
      ? await findSession(tx, offer.offeredSessionId)
      : undefined;
    const person = app ? await findPerson(tx, app.participantId) : undefined;
    if (person && session)
      await notifyBooking(tx, notices, 'offer-expired', {
        person,
        studyTitle: study.title,
        session,
        applicationId: offer.applicationId,
        sequence: 0,
      });
  }

  /** attended: ready to complete; no_show: final, counted, and a polite note; excused: back to selected. */
  async function applyMark(
    tx: DbOrTx,
    study: StudyRow,
    application: ApplicationRow,
    session: SessionRow,
    attendance: Attendance,
    ctx: RequestContext,
  ): Promise<Application> {
    let row: ApplicationRow;
    if (attendance === 'excused') {
      await releaseBooking(tx, application, 'selected', ctx.actor?.id ?? null);
      row = await markExcused(tx, application.id, now());
    } else {
      row = await setAttendance(tx, application.id, {
        attendance,
        at: now(),
        reviewedBy: ctx.actor?.id ?? null,
      });
    }
    if (attendance === 'no_show') {
      const person = await findPerson(tx, application.participantId);
      const count = await noShowsInWindow(tx, application.participantId);
      if (person)
        await notifyBooking(tx, notices, 'no-show', {
          person,
          studyTitle: study.title,
          session,
          applicationId: application.id,
          sequence: row.calendarSequence,
          noShow: {
            count,
            limit: config.booking.noShowLimit,
            windowDays: config.booking.noShowWindowDays,
          },
        });
    }
    await recordAudit(tx, ctx, {
      action: 'application.attendance',
      resource: 'application',
      resourceId: application.id,
      details: { testId: study.id, sessionId: session.id, attendance },
    });
    return applicationView(tx, row, study);
  }

  /** Marks attendance in one transaction under the study's lock; every mark is checked first-to-last. */
  async function markMany(
    marks: { applicationId: string; attendance: Attendance }[],
    ctx: RequestContext,
    sessionId?: string,
  ): Promise<Application[]> {
    return db.transaction(async (tx) => {
      const first = await findApplication(tx, marks[0]!.applicationId);
      if (!first) throw applicationNotFound();
      const study = await lockStudy(tx, first.testId, 'update');
      if (!study) throw applicationNotFound();
      const out: Application[] = [];
      for (const mark of marks) {
        const application = await lockApplication(tx, mark.applicationId);
        if (!application || application.testId !== study.id) throw applicationNotFound();
        if (sessionId && application.sessionId !== sessionId)
          throw badRequest('Every booking marked must be booked in this session', {
            [mark.attendance === 'no_show' ? 'noShow' : mark.attendance]:
              `${mark.applicationId} is not booked in this session`,
          });
        if (application.status !== 'scheduled' || !application.sessionId)
          throw conflict(
            `Only a booked application can be marked (this one is ${application.status})`,
          );
        const session = await findSession(tx, application.sessionId);
        if (!session || session.startsAt > now())
          throw conflict('Attendance can be marked once the session has started');
        out.push(await applyMark(tx, study, application, session, mark.attendance, ctx));
      }
      // A no-show or an excuse frees the study's place (decisions.md section 9).
      if (marks.some((m) => m.attendance !== 'attended')) await seatsChanged(tx, notices, study);
      return out;
    });
  }
}

export function toWaitlistEntry(row: WaitlistRow, position: number | null): WaitlistEntry {
  return {
    id: row.id,
    testId: row.testId,
    applicationId: row.applicationId,
    status: row.status,
    position,
    offeredSessionId: row.offeredSessionId,
    offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
