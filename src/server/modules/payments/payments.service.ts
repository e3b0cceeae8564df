import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { participants, payments, studies } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/app-error';
import { canMove, paymentTransitions } from '../../../shared/rules/transitions';
import type { PaymentStatus } from '../../../shared/schemas/options';
import type { Payment, PaymentListQuery } from '../../../shared/schemas/payments';
import { likePattern } from '../../lib/pagination';
import {
  afterMicroCursor,
  decodeMicroCursor,
  encodeMicroCursor,
  microText,
  newestFirst,
} from '../../lib/keyset-cursor';
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

/** The person's text as in the trigram index of migration 0002: keep them identical. */
const participantSearchText = sql`lower(${participants.firstName} || ' ' || ${participants.lastName} || ' ' || ${participants.email} || ' ' || ${participants.phone} || ' ' || coalesce(${participants.location}, ''))`;

/** A term that may be a transaction reference: one token with a digit (QGH7XK2L9P, FT24123ABC). */
const REFERENCE_LIKE = /^(?=.*\d)[A-Za-z0-9-]{6,100}$/;

/**
 * The person's name, e-mail or phone (through the trigram index, then
 * payments_participant_idx), or, for a term shaped like a reference, the exact
 * transaction reference. References are matched whole: without an index on
 * transaction_id a substring search would read every payment.
 */
function searchFilter(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const byPerson = sql`${payments.participantId} IN (SELECT ${participants.id} FROM ${participants} WHERE ${participantSearchText} LIKE ${likePattern(term)})`;
  if (!REFERENCE_LIKE.test(term)) return byPerson;
  return sql`(${byPerson} OR ${payments.transactionId} IN (${term}, ${term.toUpperCase()}))`;
}

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

  return {
    /**
     * Newest first, filtered by status, study and a search of the person (name,
     * e-mail, phone) or the transaction reference. With `limit` or `cursor` it
     * answers one keyset page, `nextCursor` and `total`. The totals cover the
     * study and search filters but not the status one, so the cards stay put
     * while the list is narrowed to one status.
     */
    async list(filter: PaymentListQuery) {
      const scope = and(
        filter.testId ? eq(payments.testId, filter.testId) : undefined,
        searchFilter(filter.search),
      );
      const where = and(scope, filter.status ? eq(payments.status, filter.status) : undefined);
      const paged = filter.limit !== undefined || filter.cursor !== undefined;
      const limit = filter.limit ?? 50;
      const cursor = decodeMicroCursor(filter.cursor);
      const list = db
        .select({ ...columns, cursorAt: microText(payments.createdAt) })
        .from(payments)
        .innerJoin(studies, eq(studies.id, payments.testId))
        .leftJoin(participants, eq(participants.id, payments.participantId))
        .where(and(where, afterMicroCursor(payments.createdAt, payments.id, cursor)))
        .orderBy(...newestFirst(payments.createdAt, payments.id));
      const sums = db
        .select({
          pending: sql<string>`coalesce(sum(${payments.amount}) FILTER (WHERE ${payments.status} IN ('pending','processing','failed')), 0)::numeric(14,2)::text`,
          paid: sql<string>`coalesce(sum(${payments.amount}) FILTER (WHERE ${payments.status} = 'completed'), 0)::numeric(14,2)::text`,
          refunded: sql<string>`coalesce(sum(${payments.amount}) FILTER (WHERE ${payments.status} = 'refunded'), 0)::numeric(14,2)::text`,
          count: sql<number>`count(*) FILTER (WHERE ${filter.status ? sql`${payments.status} = ${filter.status}` : sql`true`})::int`,
        })
        .from(payments)
        .where(scope);
      const [rows, [totals]] = await Promise.all([paged ? list.limit(limit + 1) : list, sums]);
      const { count, ...money } = totals!;
      if (!paged) return { payments: rows.map(toPayment), totals: money };
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        payments: page.map(toPayment),
        totals: money,
        nextCursor:
          rows.length > limit && last ? encodeMicroCursor(last.cursorAt, last.payment.id) : null,
        total: count,
      };
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
