import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { totalBesidePage } from '../../db/counting';
import { settleAll } from '../../lib/settle-all';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { decodeMicroCursor, keysetPage } from '../../lib/keyset-cursor';
import { paths } from '../../../shared/paths';
import { isStudyFull, takesPlace } from '../../../shared/rules/capacity';
import { applicationTransitions, canMove } from '../../../shared/rules/transitions';
import type {
  AdminApplication,
  Application,
  ApplicationListQuery,
  ApplicationStatusData,
  applySchema,
} from '../../../shared/schemas/applications';
import type { UserType } from '../../../shared/schemas/options';
import type { z } from 'zod';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { enqueueMail } from '../mail/mail.service';
import {
  applicationCompletedMail,
  applicationDeclinedMail,
  applicationScheduledMail,
} from '../mail/mail-copy';
import { recomputeEarnings } from '../payments/earnings.repo';
import { findParticipant } from '../participants/participants.repo';
import { insertCompletionPayment } from '../payments/payments.repo';
import type { SettingsService } from '../settings/settings.service';
import { studyNotFound, type StudiesService } from '../studies/studies.service';
import { lockStudy } from '../studies/studies.repo';
import { bookingExtras } from '../sessions/booking-view';
import { closeWaitlistEntry, releaseBooking, seatsChanged } from '../sessions/bookings';
import { notifyBooking } from '../sessions/session-notices';
import { findPerson, findSession, studyHasSessions } from '../sessions/sessions.repo';
import { ownApplication, toAdminApplication, toApplication } from './applications.mapper';
import {
  countAdminApplicationsWithin,
  type AdminApplicationRow,
  countPlacesTaken,
  findApplication,
  hasApplied,
  insertApplication,
  listAdminApplications,
  listAdminApplicationsPage,
  listOwnApplications,
  lockApplication,
  updateApplicationStatus,
} from './applications.repo';
import { tr } from '../../../shared/i18n/runtime';
import { noShowWindowStart } from '../../../shared/rules/reliability';
import { nairobiToday } from '../../../shared/rules/eligibility';
import { checkAnswers, cleanAnswers, screenerOutcome } from '../../../shared/schemas/recruiting';
import { eligibilitySubject } from '../recruiting/eligibility.repo';
import { verdictFor } from '../recruiting/eligibility';

// A participant meets these when applying: each in the request's language.
export const alreadyApplied = () => tr('errors', 'application.alreadyApplied');
export const notOpen = () => tr('errors', 'application.notOpen');
export const studiesPostponed = () => tr('errors', 'application.studiesPostponed');
export const studyFull = () => tr('errors', 'application.studyFull');

type ApplicationList = {
  applications: (AdminApplication | Application)[];
  nextCursor?: string | null;
  total?: number;
  totalEstimated?: boolean;
};

export function createApplicationsService(deps: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  studies: StudiesService;
  settings: SettingsService;
  now?: () => Date;
}) {
  const { db, config, log } = deps;
  const now = deps.now ?? (() => new Date());
  /** No-shows before this no longer count (decisions.md section 9, NO_SHOW_WINDOW_DAYS). */
  const windowStart = () => noShowWindowStart(now(), config.booking.noShowWindowDays);
  const toAdmin = (r: AdminApplicationRow) => toAdminApplication(r, config.booking.noShowLimit);
  const notices = { config, log, now };
  const mailOptions = { smtpConfigured: config.smtpUrl !== undefined, log };

  /**
   * Every application (admins), filtered on the server. With `limit` or `cursor` it
   * answers one keyset page and the total; without, every match (the spec's answer,
   * used for one study's applications).
   */
  async function listAll(query: ApplicationListQuery): Promise<ApplicationList> {
    if (query.limit === undefined && query.cursor === undefined) {
      return {
        applications: (await listAdminApplications(db, query, windowStart())).map(toAdmin),
      };
    }
    const limit = query.limit ?? 50;
    const [rows, total] = await settleAll([
      listAdminApplicationsPage(db, query, windowStart(), {
        limit: limit + 1,
        cursor: decodeMicroCursor(query.cursor),
      }),
      countAdminApplicationsWithin(db, query),
    ]);
    const { shown, nextCursor } = keysetPage(rows, limit, (r) => ({
      at: r.cursorAt,
      id: r.application.id,
    }));
    return {
      applications: shown.map(toAdmin),
      nextCursor,
      ...totalBesidePage(total, {
        shown: shown.length,
        more: nextCursor !== null,
        first: !query.cursor,
      }),
    };
  }

  return {
    /** A participant applies for themself, to an active study, once. */
    async apply(
      applicantId: string,
      input: z.output<typeof applySchema>,
      ctx: RequestContext,
    ): Promise<{ application: Application; message?: string }> {
      if (input.participantId !== applicantId)
        throw forbidden(tr('errors', 'application.onlyYourself'));
      try {
        return await db.transaction(async (tx) => {
          // A status change cannot slip between the check and the insert.
          const study = await lockStudy(tx, input.testId, 'share');
          // Refusals in the order of decisions.md section 6: the first that applies answers.
          if (!study) throw notFound(studyNotFound());
          if (study.status !== 'active') throw notFound(notOpen());
          if (!(await deps.settings.studiesOpenIn(tx))) throw conflict(studiesPostponed());
          // Held to the end: a block at this moment waits, or is seen (FOR SHARE).
          const subject = await eligibilitySubject(tx, applicantId, { lock: true });
          if (!subject || subject.blocked) throw forbidden(tr('errors', 'application.blocked'));
          if (!verdictFor(subject, study.criteria, nairobiToday(now())).eligible)
            throw forbidden(tr('errors', 'application.notEligible'));
          if (await hasApplied(tx, applicantId, study.id)) throw conflict(alreadyApplied());
          if (isStudyFull(study)) throw conflict(studyFull());
          const given = input.answers ?? {};
          const answerErrors = checkAnswers(study.screener, given);
          if (Object.keys(answerErrors).length > 0)
            throw badRequest(
              tr('errors', 'application.answersInvalid'),
              Object.fromEntries(
                Object.entries(answerErrors).map(([id, message]) => [`answers.${id}`, message]),
              ),
            );
          const outcome = screenerOutcome(study.screener, given);
          const row = await insertApplication(tx, {
            participantId: applicantId,
            testId: study.id,
            screening: input.screening ?? null,
            answers: study.screener.length > 0 ? cleanAnswers(given) : null,
            // A disqualified application is kept (one per study still holds) but takes no place.
            status: outcome === 'disqualified' ? 'disqualified' : 'interested',
          });
          await recordAudit(tx, ctx, {
            action: 'application.create',
            resource: 'application',
            resourceId: row.id,
            details: { testId: study.id, ...(outcome === 'disqualified' ? { outcome } : {}) },
          });
          return {
            application: toApplication(row, study),
            ...(outcome === 'disqualified' ? { message: tr('recruiting', 'disqualified') } : {}),
          };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'participant_test')) throw conflict(alreadyApplied());
        throw error;
      }
    },

    /**
     * Admins see every application with the person and the study's capacity; a
     * participant sees their own, newest first, narrowed to one study by `testId`.
     */
    async list(
      user: { id: string; userType: UserType },
      query: ApplicationListQuery,
    ): Promise<ApplicationList> {
      if (user.userType === 'admin') return listAll(query);
      const own = (await listOwnApplications(db, user.id)).map(ownApplication);
      return {
        applications: query.testId ? own.filter((a) => a.testId === query.testId) : own,
      };
    },

    /**
     * Moves an application along its state machine in one transaction:
     * - the application row is locked, so two admins cannot both move it;
     * - scheduling locks the study row first, so concurrent schedules for one
     *   study queue up and the count they see is final: never over capacity;
     * - completing records hours, creates the pending payment (pay rate x
     *   duration, KES) and recomputes the participant's earnings;
     * - the participant's mail is queued in the same transaction.
     */
    async changeStatus(
      id: string,
      input: ApplicationStatusData,
      ctx: RequestContext,
    ): Promise<Application> {
      const result = await db.transaction(async (tx) => {
        const current = await findApplication(tx, id);
        if (!current) throw notFound(tr('errors', 'application.notFound'));
        // The study first, then the application: every writer takes the locks in this order.
        const study = await lockStudy(tx, current.testId, 'update');
        const application = await lockApplication(tx, id);
        // Deleted between the read and the locks (with its study or its participant).
        if (!study || !application) throw notFound(tr('errors', 'application.notFound'));
        const from = application.status;
        const to = input.status;
        if (!canMove(applicationTransitions, from, to)) {
          throw conflict(`An application cannot move from ${from} to ${to}`);
        }
        const inSessions = await studyHasSessions(tx, study.id);
        // decisions.md section 9: a study that runs in sessions schedules by booking one.
        if (to === 'scheduled' && inSessions)
          throw conflict('This study runs in sessions: book a session for the applicant instead');
        if (to === 'completed' && inSessions && application.attendance !== 'attended')
          throw conflict('Mark the applicant as attended before completing');
        if (to === 'scheduled' && (await countPlacesTaken(tx, study.id)) >= study.maxParticipants) {
          throw conflict(studyFull());
        }
        if (to === 'completed' && input.hoursWorked === undefined && study.duration > 99.99) {
          throw badRequest('Enter the hours worked', {
            hoursWorked: 'Hours worked must be between 0 and 99.99',
          });
        }

        let updated = await updateApplicationStatus(tx, id, {
          status: to,
          reviewedBy: ctx.actor?.id ?? null,
          ...(to === 'completed'
            ? { hoursWorked: String(input.hoursWorked ?? study.duration) }
            : {}),
          feedback: input.feedback,
          rating: input.rating,
        });
        const person = await findParticipant(tx, application.participantId);
        // Leaving scheduled other than by completing frees the booked seat and its reminders.
        const bookedSession =
          from === 'scheduled' && to !== 'completed' && application.sessionId
            ? await findSession(tx, application.sessionId)
            : undefined;
        if (from === 'scheduled' && to !== 'completed')
          updated = await releaseBooking(tx, updated, to);
        // Leaving the line passes a seat held for them on to the next in it.
        const { wasOffered } =
          to === 'declined' || to === 'disqualified'
            ? await closeWaitlistEntry(tx, application.id, 'left')
            : { wasOffered: false };

        let amount: string | undefined;
        if (to === 'completed') {
          amount = await insertCompletionPayment(tx, {
            participantId: application.participantId,
            applicationId: id,
            study,
          });
          await recomputeEarnings(tx, application.participantId);
        }
        if (takesPlace(to) || takesPlace(from) || wasOffered)
          await seatsChanged(tx, notices, study);
        const personToTell = person && (await findPerson(tx, person.id));
        if (bookedSession && to === 'selected' && personToTell)
          await notifyBooking(tx, notices, 'cancelled', {
            person: personToTell,
            studyTitle: study.title,
            session: bookedSession,
            applicationId: updated.id,
            sequence: updated.calendarSequence,
          });

        if (person) {
          const dashboard = `${config.publicUrl}${paths.participantDashboard}`;
          if (to === 'scheduled')
            await enqueueMail(
              tx,
              applicationScheduledMail(person, study.title, dashboard),
              mailOptions,
            );
          if (to === 'declined')
            await enqueueMail(tx, applicationDeclinedMail(person, study.title), mailOptions);
          if (to === 'completed' && amount !== undefined)
            await enqueueMail(
              tx,
              applicationCompletedMail(person, study.title, amount),
              mailOptions,
            );
        }
        await recordAudit(tx, ctx, {
          action: 'application.status',
          resource: 'application',
          resourceId: id,
          details: { from, to, testId: study.id, ...(amount ? { payment: amount } : {}) },
        });
        return toApplication(updated, study, await bookingExtras(tx, updated));
      });
      if (takesPlace(input.status)) deps.studies.invalidatePublicList();
      return result;
    },
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;
