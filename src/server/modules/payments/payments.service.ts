import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { phoneDigits } from '../../lib/csv';
import { csvFromRows } from '../../lib/csv-export';
import { decodeMicroCursor, keysetPage } from '../../lib/keyset-cursor';
import { canMove, paymentTransitions } from '../../../shared/rules/transitions';
import type {
  Payment,
  PaymentListQuery,
  paymentStatusSchema,
} from '../../../shared/schemas/payments';
import type { z } from 'zod';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { enqueueMail } from '../mail/mail.service';
import { paymentCompletedMail } from '../mail/mail-copy';
import { findParticipant } from '../participants/participants.repo';
import { findStudy } from '../studies/studies.repo';
import { studyNotFound } from '../studies/studies.service';
import { SETTLED_BY_STAFF, unresolvedAttempts, updateAttempt } from '../payouts/payouts.repo';
import { recomputeEarnings } from './earnings.repo';
import { toPayment } from './payments.mapper';
import {
  findJoinedPayment,
  listPayments,
  lockPayment,
  paymentTotals,
  studyPaymentRows,
  updatePaymentStatus,
} from './payments.repo';

const PAYMENTS_CSV_HEADER = [
  'Participant',
  'Email',
  'Phone',
  'Hours worked',
  'Rate (KES/hour)',
  'Total payment (KES)',
  'Completion date',
];

/** The download's file name: the study's title as a slug, e.g. checkout-v2-usability-payments.csv. */
function paymentsCsvName(title: string): string {
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'test';
  return `${slug}-payments.csv`;
}

/**
 * What follows a payment's move, by hand or by M-Pesa's answer, in the mover's transaction:
 * the participant's earnings recomputed and, when it was paid, the "paid" mail with its
 * reference. A payment of a deleted participant has nobody to tell.
 */
export async function afterPaymentMoved(
  tx: DbOrTx,
  participantId: string | null,
  paid: { amount: string; reference: string } | undefined,
  mailOptions: Parameters<typeof enqueueMail>[2],
): Promise<void> {
  if (!participantId) return;
  await recomputeEarnings(tx, participantId);
  if (!paid) return;
  const person = await findParticipant(tx, participantId);
  if (person)
    await enqueueMail(tx, paymentCompletedMail(person, paid.amount, paid.reference), mailOptions);
}

export function createPaymentsService({
  db,
  config,
  log,
}: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}) {
  const mailOptions = { smtpConfigured: config.smtpUrl !== undefined, log };

  return {
    /**
     * Newest first, filtered by status, study and a search of the person (name,
     * e-mail, phone) or the transaction reference. With `limit` or `cursor` it
     * answers one keyset page, `nextCursor` and `total`. The totals cover the
     * study and search filters but not the status one, so the cards stay put
     * while the list is narrowed to one status.
     */
    async list(filter: PaymentListQuery) {
      const paged = filter.limit !== undefined || filter.cursor !== undefined;
      const limit = filter.limit ?? 50;
      const page = paged
        ? { limit: limit + 1, cursor: decodeMicroCursor(filter.cursor) }
        : undefined;
      const [rows, { count, ...totals }] = await Promise.all([
        listPayments(db, filter, page),
        paymentTotals(db, filter),
      ]);
      if (!paged) return { payments: rows.map(toPayment), totals };
      const { shown, nextCursor } = keysetPage(rows, limit, (r) => ({
        at: r.cursorAt,
        id: r.payment.id,
      }));
      return { payments: shown.map(toPayment), totals, nextCursor, total: count };
    },

    /** Moves a payment along its state machine; earnings are recomputed in the same transaction. */
    async changeStatus(
      id: string,
      input: z.output<typeof paymentStatusSchema>,
      ctx: RequestContext,
    ): Promise<Payment> {
      return db.transaction(async (tx) => {
        const current = await lockPayment(tx, id);
        if (!current) throw notFound('Payment not found');
        const from = current.status;
        if (!canMove(paymentTransitions, from, input.status)) {
          throw conflict(`A payment cannot move from ${from} to ${input.status}`);
        }
        // A payment in M-Pesa's hands is settled by M-Pesa's answer, never by hand: moving it
        // (and releasing it again) could pay twice. One whose outcome stayed unknown after every
        // status query is settled by staff, after checking the M-Pesa portal.
        const unresolved = await unresolvedAttempts(tx, id);
        if (unresolved.some((a) => a.state !== 'unknown'))
          throw conflict(
            'This payment is being sent over M-Pesa: wait for M-Pesa to answer (the list updates by itself).',
          );
        for (const attempt of unresolved)
          await updateAttempt(tx, attempt.id, {
            state: input.status === 'completed' ? 'succeeded' : 'failed',
            receipt:
              input.status === 'completed' ? (input.transactionId?.slice(0, 20) ?? null) : null,
            resultCode: SETTLED_BY_STAFF,
            resultDesc: `Settled by staff: ${input.status}`,
            resolvedAt: new Date(),
          });
        await updatePaymentStatus(tx, id, input);
        // The schema requires the reference of a completed payment.
        await afterPaymentMoved(
          tx,
          current.participantId,
          input.status === 'completed' && input.transactionId
            ? { amount: current.amount, reference: input.transactionId }
            : undefined,
          mailOptions,
        );
        await recordAudit(tx, ctx, {
          action: 'payment.status',
          resource: 'payment',
          resourceId: id,
          details: {
            from,
            to: input.status,
            amount: current.amount,
            transactionId: input.transactionId,
          },
        });
        const row = await findJoinedPayment(tx, id);
        if (!row) throw notFound('Payment not found');
        return toPayment(row);
      });
    },

    /**
     * A study's payment list (spec section 9): its completed participants with their hours,
     * the rate, the payment and the completion date, as a CSV stream and its file name.
     */
    async studyPaymentsCsv(studyId: string): Promise<{ filename: string; stream: Readable }> {
      const study = await findStudy(db, studyId);
      if (!study) throw notFound(studyNotFound());
      const rows = await studyPaymentRows(db, studyId);
      const records = rows.map((r) => [
        `${r.firstName} ${r.lastName}`,
        r.email,
        phoneDigits(r.phone),
        r.hoursWorked ?? '',
        study.payRate,
        r.amount ?? '',
        r.completedAt?.toISOString().slice(0, 10) ?? '',
      ]);
      return {
        filename: paymentsCsvName(study.title),
        stream: csvFromRows(PAYMENTS_CSV_HEADER, records),
      };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
