import { z } from 'zod';
import { text } from './fields';
import { optionalPageQuery, searchParam } from './paging';
import { paymentReasons, paymentStatuses, payoutAttemptStates } from './options';

/** M-Pesa codes are ten letters and digits, e.g. QGH7XK2L9P. */
export const MPESA_CODE = /^[A-Z0-9]{10}$/i;
const MPESA_MESSAGE = 'An M-Pesa code is 10 letters and digits, e.g. QGH7XK2L9P';
export const paymentMethods = ['M-Pesa', 'Bank transfer'] as const;

const transactionReference = text('Transaction reference', { max: 100 });
const failureReason = text('Reason', { max: 500 });

/** PUT /api/payments/{id}/status. Completing needs the transaction reference (e.g. an M-Pesa code). */
export const paymentStatusSchema = z
  .object({
    status: z.enum(paymentStatuses, { error: 'Unknown status' }),
    transactionId: transactionReference.optional(),
    paymentMethod: text('Payment method', { max: 50 }).optional(),
    failureReason: failureReason.optional(),
  })
  .refine((v) => v.status !== 'completed' || Boolean(v.transactionId), {
    path: ['transactionId'],
    message: 'Enter the transaction reference (e.g. the M-Pesa code)',
  })
  .refine(
    (v) => v.paymentMethod !== 'M-Pesa' || !v.transactionId || MPESA_CODE.test(v.transactionId),
    { path: ['transactionId'], message: MPESA_MESSAGE },
  )
  // M-Pesa codes are kept in capitals, as the confirmation SMS shows them.
  .transform((v) =>
    v.paymentMethod === 'M-Pesa' && v.transactionId
      ? { ...v, transactionId: v.transactionId.toUpperCase() }
      : v,
  );
export type PaymentStatusInput = z.input<typeof paymentStatusSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  participantId: z.string().nullable(),
  participantName: z.string().nullable(),
  participantEmail: z.string().nullable(),
  testId: z.string(),
  testTitle: z.string(),
  applicationId: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  /** completion (pay rate x duration) or an extra payment (decisions.md section 11). */
  reason: z.enum(paymentReasons),
  note: z.string().nullable(),
  status: z.enum(paymentStatuses),
  paymentMethod: z.string().nullable(),
  transactionId: z.string().nullable(),
  processedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  /** Payout attempts made (decisions.md section 11). */
  attempts: z.number().int(),
  payoutId: z.string().nullable(),
  /** The M-Pesa number it was released to. */
  paidTo: z.string().nullable(),
  releasedAt: z.string().nullable(),
  /**
   * The latest M-Pesa attempt: queued, sending, accepted, querying (waiting for M-Pesa),
   * succeeded, failed, or unknown (no answer after every status query: check the portal).
   */
  payoutState: z.enum(payoutAttemptStates).nullable(),
  /** Why the latest attempt is waiting or was retried, when it is. */
  payoutError: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** Admin filters and paging of GET /api/payments (`limit` or `cursor` turns paging on). */
export const paymentListQuerySchema = optionalPageQuery.extend({
  status: z.enum(paymentStatuses, { error: 'Unknown status' }).optional(),
  testId: z.uuid({ error: 'Not a valid id' }).optional(),
  search: searchParam,
});
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;

/** The sums of GET /api/payments, in KES: owed (`pending`, see rules/payments.ts), paid, refunded. */
export const paymentTotalsSchema = z.object({
  pending: z.string(),
  paid: z.string(),
  refunded: z.string(),
});
export type PaymentTotals = z.infer<typeof paymentTotalsSchema>;

/**
 * The admin's "mark as paid" form: how it was paid and its reference. M-Pesa
 * codes are checked (and sent in capitals); a bank reference is taken as typed.
 */
export const paymentCompletionSchema = z
  .object({
    paymentMethod: z.enum(paymentMethods, { error: 'Choose how it was paid' }),
    transactionId: text('Transaction reference', {
      max: 100,
      required: 'Enter the transaction reference (e.g. the M-Pesa code)',
    }),
  })
  .superRefine((v, ctx) => {
    if (v.paymentMethod === 'M-Pesa' && !MPESA_CODE.test(v.transactionId)) {
      ctx.addIssue({ code: 'custom', path: ['transactionId'], message: MPESA_MESSAGE });
    }
  })
  .transform((v) => ({
    ...v,
    transactionId: v.paymentMethod === 'M-Pesa' ? v.transactionId.toUpperCase() : v.transactionId,
  }));
export type PaymentCompletionInput = z.input<typeof paymentCompletionSchema>;
export type PaymentCompletionData = z.output<typeof paymentCompletionSchema>;

/** Marking a payment failed: the reason is optional, shown to admins beside the status. */
export const paymentFailureSchema = z.object({
  failureReason,
});
export type PaymentFailureInput = z.input<typeof paymentFailureSchema>;
