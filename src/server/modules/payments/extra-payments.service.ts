import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { tr } from '../../../shared/i18n/runtime';
import {
  extraPaymentReasons,
  oncePerApplication,
  paymentReasonLabels,
  type ExtraPaymentData,
  type ExtraPaymentOptions,
  type ExtraPaymentReason,
} from '../../../shared/schemas/extra-payments';
import type { ApplicationStatus, PaymentReason } from '../../../shared/schemas/options';
import type { Payment } from '../../../shared/schemas/payments';
import {
  findApplication,
  lockApplication,
  type ApplicationRow,
} from '../applications/applications.repo';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { recomputeEarnings } from './earnings.repo';
import { applicationPaymentIds, insertExtraPayment, paymentReasonsOf } from './extra-payments.repo';
import { toPayment } from './payments.mapper';
import { findJoinedPayment } from './payments.repo';

/** Where an extra payment can be added (decisions.md section 11), beside the excused ones. */
const PAYABLE_STATUSES: readonly ApplicationStatus[] = ['scheduled', 'completed'];

/** What decides the rules: the application as it stands, locked or not. */
type Standing = {
  status: ApplicationStatus;
  attendance: ApplicationRow['attendance'];
  excused: boolean;
  reasons: readonly PaymentReason[];
};

const alreadyHas = (reason: ExtraPaymentReason) =>
  `This applicant already has a ${paymentReasonLabels[reason].toLowerCase()}: there is one per application`;

/**
 * Why `reason` cannot be added now, or null when it can:
 * - on scheduled and completed applications, and on those staff marked excused;
 * - a show-up fee only once attendance is attended or excused;
 * - one show-up fee and one transport refund per application.
 */
export function extraPaymentRefusal(reason: ExtraPaymentReason, s: Standing): string | null {
  if (!PAYABLE_STATUSES.includes(s.status) && !s.excused)
    return `Extra payments are for scheduled, completed or excused applicants; this application is ${s.status.replace('_', '-')}`;
  if (reason === 'show_up' && s.attendance !== 'attended' && !s.excused)
    return 'A show-up fee needs the applicant marked attended or excused first';
  if (oncePerApplication.includes(reason) && s.reasons.includes(reason)) return alreadyHas(reason);
  return null;
}

const applicationNotFound = () => notFound(tr('errors', 'application.notFound'));

async function joinedPayment(db: DbOrTx, id: string): Promise<Payment> {
  const row = await findJoinedPayment(db, id);
  if (!row) throw notFound('Payment not found');
  return toPayment(row);
}

export function createExtraPaymentsService({ db, config }: { db: Db; config: Config }) {
  async function standingOf(tx: DbOrTx, application: ApplicationRow): Promise<Standing> {
    return {
      status: application.status,
      attendance: application.attendance,
      // Marking excused returns the application to `selected` and clears its attendance
      // (decisions.md section 9); `excused_at` keeps that staff ever marked it.
      excused: application.excusedAt !== null,
      reasons: await paymentReasonsOf(tx, application.id),
    };
  }

  return {
    /** The application's payments and which reasons can be added now, each refusal said. */
    async options(applicationId: string): Promise<ExtraPaymentOptions> {
      const application = await findApplication(db, applicationId);
      if (!application) throw applicationNotFound();
      const standing = await standingOf(db, application);
      const shown: Payment[] = [];
      // A handful at most: the completion payment and its extras.
      for (const id of await applicationPaymentIds(db, applicationId))
        shown.push(await joinedPayment(db, id));
      return {
        payments: shown,
        reasons: extraPaymentReasons.map((reason) => {
          const why = extraPaymentRefusal(reason, standing);
          return { reason, allowed: why === null, why };
        }),
        maxAmount: config.payouts.maxAmount,
      };
    },

    /**
     * Adds a pending KES payment to the application, in one transaction: the application row
     * is locked first, so two requests for the same show-up fee queue and the second sees the
     * first (409); the participant's earnings are recomputed and the payment audited with it.
     */
    async add(
      applicationId: string,
      input: ExtraPaymentData,
      ctx: RequestContext,
    ): Promise<Payment> {
      try {
        return await db.transaction(async (tx) => {
          const application = await lockApplication(tx, applicationId);
          if (!application) throw applicationNotFound();
          const why = extraPaymentRefusal(input.reason, await standingOf(tx, application));
          if (why) throw conflict(why);
          const id = await insertExtraPayment(tx, {
            participantId: application.participantId,
            testId: application.testId,
            applicationId: application.id,
            ...input,
          });
          await recomputeEarnings(tx, application.participantId);
          await recordAudit(tx, ctx, {
            action: 'payment.extra',
            resource: 'payment',
            resourceId: id,
            details: {
              applicationId: application.id,
              testId: application.testId,
              participantId: application.participantId,
              amount: input.amount,
              reason: input.reason,
              ...(input.note ? { note: input.note } : {}),
            },
          });
          return joinedPayment(tx, id);
        });
      } catch (error) {
        // The lock makes this unreachable between two extra payments; kept as the last word.
        if (isUniqueViolation(error, 'payments_application_reason_unique'))
          throw conflict(alreadyHas(input.reason));
        throw error;
      }
    },
  };
}
export type ExtraPaymentsService = ReturnType<typeof createExtraPaymentsService>;
