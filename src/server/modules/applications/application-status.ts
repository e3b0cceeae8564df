import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { applications, participants, payments, studies } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { paths } from '../../../shared/paths';
import { applicationTransitions, canMove } from '../../../shared/rules/transitions';
import type { Application, ApplicationStatusData } from '../../../shared/schemas/applications';
import type { ApplicationStatus } from '../../../shared/schemas/options';
import { formatKesDecimal } from '../../../shared/rules/money';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { enqueueMail } from '../mail/mail.service';
import {
  applicationCompletedMail,
  applicationDeclinedMail,
  applicationScheduledMail,
} from '../mail/participant-mails';
import { recomputeEarnings } from '../payments/earnings.repo';
import type { StudiesService } from '../studies/studies.service';
import { toApplication } from './applications.mapper';

export const STUDY_FULL = 'Study is full';
/** Places taken in a study: scheduled and completed participants (decisions.md section 5). */
const TAKEN: ApplicationStatus[] = ['scheduled', 'completed'];

/**
 * Moves an application along its state machine in one transaction:
 * - the application row is locked, so two admins cannot both move it;
 * - scheduling locks the study row first, so concurrent schedules for one
 *   study queue up and the count they see is final: never over capacity;
 * - completing records hours, creates the pending payment (pay rate x
 *   duration, KES) and recomputes the participant's earnings;
 * - the participant's mail is queued in the same transaction.
 */
export function createApplicationStatusService(deps: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  studiesService: StudiesService;
}) {
  const { db, config, log } = deps;
  const mailOptions = { smtpConfigured: config.smtpUrl !== undefined, log };

  return async function changeStatus(
    id: string,
    input: ApplicationStatusData,
    ctx: RequestContext,
  ): Promise<Application> {
    const result = await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(applications)
        .where(eq(applications.id, id))
        .limit(1);
      if (!current) throw notFound('Application not found');
      // The study first, then the application: every writer takes the locks in this order.
      const [study] = await tx
        .select()
        .from(studies)
        .where(eq(studies.id, current.testId))
        .for('update');
      const [app] = await tx
        .select()
        .from(applications)
        .where(eq(applications.id, id))
        .for('update');
      const from = app!.status as ApplicationStatus;
      const to = input.status;
      if (!canMove(applicationTransitions, from, to)) {
        throw conflict(`An application cannot move from ${from} to ${to}`);
      }
      if (to === 'scheduled') {
        const [{ taken } = { taken: 0 }] = await tx
          .select({ taken: sql<number>`count(*)::int` })
          .from(applications)
          .where(and(eq(applications.testId, study!.id), inArray(applications.status, TAKEN)));
        if (taken >= study!.maxParticipants) throw conflict(STUDY_FULL);
      }
      if (to === 'completed' && input.hoursWorked === undefined && study!.duration > 99.99) {
        throw badRequest('Enter the hours worked', {
          hoursWorked: 'Hours worked must be between 0 and 99.99',
        });
      }

      const [updated] = await tx
        .update(applications)
        .set({
          status: to,
          reviewedBy: ctx.actor?.id ?? null,
          reviewedAt: sql`now()`,
          ...(to === 'scheduled' ? { scheduledAt: sql`now()` } : {}),
          ...(to === 'completed'
            ? { completedAt: sql`now()`, hoursWorked: String(input.hoursWorked ?? study!.duration) }
            : {}),
          ...(input.feedback !== undefined ? { feedback: input.feedback } : {}),
          ...(input.rating !== undefined ? { rating: input.rating } : {}),
        })
        .where(eq(applications.id, id))
        .returning();

      const [person] = await tx
        .select({ email: participants.email, firstName: participants.firstName })
        .from(participants)
        .where(eq(participants.id, app!.participantId));

      let amount: string | undefined;
      if (to === 'completed') {
        const [payment] = await tx
          .insert(payments)
          .values({
            participantId: app!.participantId,
            testId: study!.id,
            applicationId: id,
            amount: sql`(${study!.payRate}::numeric * ${study!.duration})::numeric(10,2)`,
            currency: 'KES',
            status: 'pending',
          })
          .returning({ amount: payments.amount });
        amount = payment!.amount;
        await recomputeEarnings(tx, app!.participantId);
      }
      if (TAKEN.includes(to) || TAKEN.includes(from)) {
        await tx
          .update(studies)
          .set({
            currentParticipants: sql`(SELECT count(*) FROM applications WHERE test_id = ${study!.id} AND status IN ('scheduled', 'completed'))`,
          })
          .where(eq(studies.id, study!.id));
      }

      if (person) {
        const dashboard = `${config.publicUrl}${paths.participantDashboard}`;
        if (to === 'scheduled')
          await enqueueMail(
            tx,
            applicationScheduledMail(person, study!.title, dashboard),
            mailOptions,
          );
        if (to === 'declined')
          await enqueueMail(tx, applicationDeclinedMail(person, study!.title), mailOptions);
        if (to === 'completed')
          await enqueueMail(
            tx,
            applicationCompletedMail(person, study!.title, formatKesDecimal(amount!)),
            mailOptions,
          );
      }
      await recordAudit(tx, ctx, {
        action: 'application.status',
        resource: 'application',
        resourceId: id,
        details: { from, to, testId: study!.id, ...(amount ? { payment: amount } : {}) },
      });
      return toApplication(updated!, study!);
    });
    if (TAKEN.includes(input.status)) deps.studiesService.invalidatePublicList();
    return result;
  };
}
