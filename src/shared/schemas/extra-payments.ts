import { z } from 'zod';
import { formatKes, toCents } from '../rules/money';
import { emptyAsUndefined, text } from './fields';
import type { PaymentReason } from './options';
import { paymentSchema } from './payments';

/**
 * Extra payments (decisions.md section 11): beside the pay rate x duration payment, staff
 * add a show-up fee, a transport refund, a bonus or another payment to an application.
 */
export const extraPaymentReasons = [
  'show_up',
  'transport',
  'bonus',
  'other',
] as const satisfies readonly PaymentReason[];
export type ExtraPaymentReason = (typeof extraPaymentReasons)[number];

/** Reasons an application has at most one payment of (payments_application_reason_unique). */
export const oncePerApplication: readonly ExtraPaymentReason[] = ['show_up', 'transport'];

/** How the console names each reason of a payment, e.g. beside its amount. */
export const paymentReasonLabels: Record<PaymentReason, string> = {
  completion: 'Study payment',
  show_up: 'Show-up fee',
  transport: 'Transport refund',
  bonus: 'Bonus',
  other: 'Other payment',
};

export const EXTRA_PAYMENT_NOTE_MAX = 500;

const REASON_MESSAGE = 'Choose a reason: show-up fee, transport refund, bonus or other';
const AMOUNT_REQUIRED = 'Enter the amount';
const AMOUNT_NUMBER = 'Amount must be a number in Ksh, e.g. 500 or 250.50';
const AMOUNT_DECIMALS = 'Use at most 2 decimals, e.g. 250.50';
const AMOUNT_POSITIVE = 'Amount must be more than 0';
const DECIMAL = /^(\d+)(\.\d+)?$/;

/** The message for an amount over the payout limit, naming it ("at most Ksh 150,000"). */
export const amountOverLimitMessage = (maxAmount: number) =>
  `Amount must be at most ${formatKes(BigInt(maxAmount) * 100n)}, the payout limit per transaction`;

/**
 * A positive amount in KES with at most 2 decimals and at most `maxAmount` whole
 * shillings, answered as the decimal string the database stores exactly ("250.50").
 * A JSON number is taken too (500, 250.5) and checked as written.
 */
export function extraPaymentAmount(maxAmount: number) {
  return z
    .union([z.string(), z.number()], { error: AMOUNT_REQUIRED })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .superRefine((value, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (value === '') return fail(AMOUNT_REQUIRED);
      if (/^-\d+(\.\d+)?$/.test(value)) return fail(AMOUNT_POSITIVE);
      if (!DECIMAL.test(value)) return fail(AMOUNT_NUMBER);
      if (/\.\d{3,}$/.test(value)) return fail(AMOUNT_DECIMALS);
      // Far past any limit: refused before it is read as a number.
      if (value.split('.')[0]!.replace(/^0+/, '').length > 15)
        return fail(amountOverLimitMessage(maxAmount));
      const cents = toCents(value);
      if (cents <= 0n) return fail(AMOUNT_POSITIVE);
      if (cents > BigInt(maxAmount) * 100n) return fail(amountOverLimitMessage(maxAmount));
    })
    .transform((value) => {
      const [whole = '0', fraction = ''] = value.split('.');
      return `${BigInt(whole)}.${fraction.padEnd(2, '0')}`;
    });
}

/**
 * POST /api/applications/{id}/payments: `{ amount, reason, note? }`. "other" needs a note
 * saying what the payment is for. Built with the configured payout limit
 * (config.payouts.maxAmount on the server, the options answer's `maxAmount` in the console).
 */
export function extraPaymentSchema(maxAmount: number) {
  return z
    .object({
      amount: extraPaymentAmount(maxAmount),
      reason: z.enum(extraPaymentReasons, { error: REASON_MESSAGE }),
      note: emptyAsUndefined(
        text('Note', { max: EXTRA_PAYMENT_NOTE_MAX, kind: 'multiline' }),
      ).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.reason === 'other' && !v.note)
        ctx.addIssue({
          code: 'custom',
          path: ['note'],
          message: 'Say what this payment is for (a note is needed for "Other")',
        });
    });
}
export type ExtraPaymentInput = z.input<ReturnType<typeof extraPaymentSchema>>;
export type ExtraPaymentData = z.output<ReturnType<typeof extraPaymentSchema>>;

/** Whether one reason can be added to an application now, and if not, why (console English). */
export const extraPaymentReasonOptionSchema = z.object({
  reason: z.enum(extraPaymentReasons),
  allowed: z.boolean(),
  why: z.string().nullable(),
});
export type ExtraPaymentReasonOption = z.infer<typeof extraPaymentReasonOptionSchema>;

/**
 * GET /api/applications/{id}/payments: the application's payments, which reasons can be
 * added now (each refused one says why) and the payout limit in whole KES, so the dialog
 * explains before the server refuses.
 */
export const extraPaymentOptionsSchema = z.object({
  payments: z.array(paymentSchema),
  reasons: z.array(extraPaymentReasonOptionSchema),
  maxAmount: z.number().int(),
});
export type ExtraPaymentOptions = z.infer<typeof extraPaymentOptionsSchema>;
