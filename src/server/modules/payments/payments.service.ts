import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { participants, payments, studies } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/app-error';
import { canMove, paymentTransitions } from '../../../shared/rules/transitions';
import type { PaymentStatus } from '../../../shared/schemas/options';
import type { Payment } from '../../../shared/schemas/payments';
import { formatKesDecimal } from '../../../shared/rules/money';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { enqueueMail } from '../mail/mail.service';
import { paymentCompletedMail } from '../mail/participant-mails';
import { recomputeEarnings } from './earnings.repo';

const columns = {
  payment: payments,
  firstName: participants.firstName,
  lastName: participants.lastName,
  email: participants.email,
  testTitle: studies.title,
};

type Joined = {
  payment: typeof payments.$inferSelect;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  testTitle: string;
};

function toPayment(r: Joined): Payment {
  const p = r.payment;
  return {
    id: p.id,
    participantId: p.participantId,
    participantName: r.firstName !== null ? `${r.firstName} ${r.lastName ?? ''}`.trim() : null,
    participantEmail: r.email,
    testId: p.testId,
    testTitle: r.testTitle,
    applicationId: p.applicationId,
    amount: p.amount,
    currency: p.currency,
    status: p.status as PaymentStatus,
    paymentMethod: p.paymentMethod,
    transactionId: p.transactionId,
    processedAt: p.processedAt?.toISOString() ?? null,
    failureReason: p.failureReason,
    createdAt: p.createdAt.toISOString(),
  };
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

  const joined = (where?: SQL) =>
    db
      .select(columns)
      .from(payments)
      .innerJoin(studies, eq(studies.id, payments.testId))
      .leftJoin(participants, eq(participants.id, payments.participantId))
      .where(where);

  return {
    async list(filter: { status?: PaymentStatus | undefined; testId?: string | undefined }) {
      const where = and(
        filter.status ? eq(payments.status, filter.status) : undefined,
        filter.testId ? eq(payments.testId, filter.testId) : undefined,
      );
      const rows = await joined(where).orderBy(desc(payments.createdAt), desc(payments.id));
      const [totals] = await db
        .select({
          pending: sql<string>`coalesce(sum(amount) FILTER (WHERE status IN ('pending','processing','failed')), 0)::numeric(14,2)::text`,
          paid: sql<string>`coalesce(sum(amount) FILTER (WHERE status = 'completed'), 0)::numeric(14,2)::text`,
          refunded: sql<string>`coalesce(sum(amount) FILTER (WHERE status = 'refunded'), 0)::numeric(14,2)::text`,
        })
        .from(payments)
        .where(where);
      return { payments: rows.map(toPayment), totals: totals! };
    },

    /** Moves a payment along its state machine; earnings are recomputed in the same transaction. */
    async changeStatus(
      id: string,
      input: {
        status: PaymentStatus;
        transactionId?: string | undefined;
        paymentMethod?: string | undefined;
        failureReason?: string | undefined;
      },
      ctx: RequestContext,
    ): Promise<Payment> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
        if (!current) throw notFound('Payment not found');
        const from = current.status as PaymentStatus;
        if (!canMove(paymentTransitions, from, input.status)) {
          throw conflict(`A payment cannot move from ${from} to ${input.status}`);
        }
        await tx
          .update(payments)
          .set({
            status: input.status,
            ...(input.transactionId ? { transactionId: input.transactionId } : {}),
            ...(input.paymentMethod ? { paymentMethod: input.paymentMethod } : {}),
            ...(input.status === 'failed' ? { failureReason: input.failureReason ?? null } : {}),
            ...(input.status === 'completed'
              ? { processedAt: sql`now()`, failureReason: null }
              : {}),
          })
          .where(eq(payments.id, id));
        if (current.participantId) {
          await recomputeEarnings(tx, current.participantId);
          if (input.status === 'completed') {
            const [person] = await tx
              .select({ email: participants.email, firstName: participants.firstName })
              .from(participants)
              .where(eq(participants.id, current.participantId));
            if (person)
              await enqueueMail(
                tx,
                paymentCompletedMail(
                  person,
                  formatKesDecimal(current.amount),
                  input.transactionId!,
                ),
                mailOptions,
              );
          }
        }
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
        const [row] = await tx
          .select(columns)
          .from(payments)
          .innerJoin(studies, eq(studies.id, payments.testId))
          .leftJoin(participants, eq(participants.id, payments.participantId))
          .where(eq(payments.id, id));
        return toPayment(row!);
      });
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
