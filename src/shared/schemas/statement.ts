import { z } from 'zod';
import { toKenyanMobile } from '../phone';
import { existingPasswordField, hasNoControl, LIMITS, say } from './fields';
import { paymentReasons, paymentStatuses } from './options';
import { pageQuery } from './paging';

/**
 * The participant's side of payouts (decisions.md section 11): the M-Pesa number payouts
 * go to, and the statement of every payment.
 */

export const kenyanMobileMessage = say('kenyanMobile');
export const currentPasswordForPayoutMessage = say('currentPasswordForPayout');

/**
 * A Kenyan mobile number as people type it (`0712 345 678`, `+254 112 345 678`),
 * answered in E.164: the only numbers an M-Pesa payout can reach.
 */
export const kenyanMobileField = z
  .string({ error: kenyanMobileMessage })
  .refine(hasNoControl, { error: kenyanMobileMessage })
  .trim()
  .max(LIMITS.phoneMax, { error: kenyanMobileMessage })
  .transform((value, ctx) => {
    const e164 = toKenyanMobile(value);
    if (e164) return e164;
    ctx.issues.push({ code: 'custom', message: kenyanMobileMessage(), input: value });
    return z.NEVER;
  });

/** PUT /api/me/payout-number: the new number and, always, the current password. */
export const payoutNumberSchema = z.object({
  payoutPhone: kenyanMobileField,
  currentPassword: existingPasswordField(
    currentPasswordForPayoutMessage,
    say('label.currentPassword'),
  ),
});
export type PayoutNumberInput = z.input<typeof payoutNumberSchema>;
export type PayoutNumberChange = z.output<typeof payoutNumberSchema>;

export const payoutNumberAnswerSchema = z.object({ payoutPhone: z.string() });
export type PayoutNumberAnswer = z.infer<typeof payoutNumberAnswerSchema>;

/** One row of GET /api/me/payments. */
export const statementPaymentSchema = z.object({
  id: z.string(),
  testId: z.string(),
  testTitle: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(paymentStatuses),
  /** The M-Pesa receipt (or the bank reference a payment was recorded with). */
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  /** When it was paid: set while the payment is completed, null otherwise. */
  paidAt: z.string().nullable(),
  /** completion (pay rate x duration), or an extra: show_up, transport, bonus, other. */
  reason: z.enum(paymentReasons),
});
export type StatementPayment = z.infer<typeof statementPaymentSchema>;

/** GET /api/me/payments: newest first, keyset-paged (decisions.md section 3). */
export const statementQuerySchema = pageQuery;
export type StatementQuery = z.output<typeof statementQuerySchema>;

export const statementSchema = z.object({
  payments: z.array(statementPaymentSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type Statement = z.infer<typeof statementSchema>;
