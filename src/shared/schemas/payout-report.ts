import { z } from 'zod';
import { dateField, isIsoDateInRange } from './fields';
import { paymentReasons, paymentStatuses } from './options';

/**
 * The reconciliation report of decisions.md section 11: for a range of days in EAT
 * (inclusive), the payments released, completed, failed and refunded, with totals.
 */
export const payoutReportSections = ['released', 'completed', 'failed', 'refunded'] as const;
export type PayoutReportSection = (typeof payoutReportSections)[number];

export const payoutReportSectionLabels: Record<PayoutReportSection, string> = {
  released: 'Released',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
};

/** The longest range one report covers, in days (a leap year). */
export const PAYOUT_REPORT_MAX_DAYS = 366;

/** Kenya keeps East Africa Time, UTC+3, all year: a day there is a fixed span of UTC. */
export const EAT_OFFSET_MS = 3 * 3600_000;
const DAY_MS = 86_400_000;

/** The EAT calendar day of an instant, YYYY-MM-DD. */
export function eatDayOf(instant: Date): string {
  return new Date(instant.getTime() + EAT_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant an EAT day (YYYY-MM-DD) starts: 00:00 EAT is 21:00 UTC the day before. */
export function eatDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - EAT_OFFSET_MS);
}

/** The instants a range of EAT days covers: from the first day's 00:00 to the day after the last. */
export function eatDayRange(from: string, to: string): { start: Date; end: Date } {
  return { start: eatDayStart(from), end: new Date(eatDayStart(to).getTime() + DAY_MS) };
}

/** Days from `from` to `to`, both counted. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The EAT month holding `now`, from its first day to today: the report's default range. */
export function thisMonthInEat(now: Date): { from: string; to: string } {
  const today = eatDayOf(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * GET /api/payouts/report(.csv)?from=YYYY-MM-DD&to=YYYY-MM-DD. Both days are EAT and
 * counted; `to` may not come before `from`, and a report covers at most 366 days.
 */
export const payoutReportQuerySchema = z
  .object({
    from: dateField('From', 'Enter the first day of the report, e.g. 2026-01-01'),
    to: dateField('To', 'Enter the last day of the report, e.g. 2026-01-31'),
  })
  .superRefine((v, ctx) => {
    if (!isIsoDateInRange(v.from) || !isIsoDateInRange(v.to)) return;
    if (v.to < v.from)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The last day cannot be before the first day',
      });
    else if (daysInRange(v.from, v.to) > PAYOUT_REPORT_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A report covers at most ${PAYOUT_REPORT_MAX_DAYS} days: choose a shorter range`,
      });
  });
export type PayoutReportQuery = z.output<typeof payoutReportQuerySchema>;

/** One payment in one section; `at` is when it entered that section (ISO, UTC). */
export const payoutReportRowSchema = z.object({
  paymentId: z.string(),
  participantName: z.string().nullable(),
  /** The number it was paid to, or else the participant's phone (E.164). */
  phone: z.string().nullable(),
  testTitle: z.string(),
  reason: z.enum(paymentReasons),
  amount: z.string(),
  /** Its status now (a payment completed in the range may have been refunded since). */
  status: z.enum(paymentStatuses),
  transactionId: z.string().nullable(),
  at: z.string(),
});
export type PayoutReportRow = z.infer<typeof payoutReportRowSchema>;

export const payoutReportSectionSchema = z.object({
  count: z.number().int(),
  /** The exact sum of its rows in KES ("1500.00"). */
  amount: z.string(),
  rows: z.array(payoutReportRowSchema),
});
export type PayoutReportSectionData = z.infer<typeof payoutReportSectionSchema>;

export const payoutReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  sections: z.object({
    released: payoutReportSectionSchema,
    completed: payoutReportSectionSchema,
    failed: payoutReportSectionSchema,
    refunded: payoutReportSectionSchema,
  }),
  /** Each section's amount, KES. */
  totals: z.object({
    released: z.string(),
    completed: z.string(),
    failed: z.string(),
    refunded: z.string(),
  }),
});
export type PayoutReport = z.infer<typeof payoutReportSchema>;
