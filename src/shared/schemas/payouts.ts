import { z } from 'zod';
import { payoutProviders } from './options';

const paymentId = z.uuid({ error: 'Not a valid payment id' });

/** Payments released at once: one list of ids, or every pending payment of one study. */
export const MAX_RELEASE = 1000;

/**
 * POST /api/payouts and POST /api/payouts/preview (decisions.md section 11): `{ paymentIds }`
 * or `{ testId }`, never both.
 */
export const payoutReleaseSchema = z.union(
  [
    z.strictObject({
      paymentIds: z
        .array(paymentId, { error: 'Choose the payments to release' })
        .min(1, 'Choose at least one payment')
        .max(MAX_RELEASE, `Release at most ${MAX_RELEASE} payments at once`),
    }),
    z.strictObject({ testId: z.uuid({ error: 'Not a valid study id' }) }),
  ],
  { error: 'Send paymentIds (a list) or testId' },
);
export type PayoutReleaseInput = z.infer<typeof payoutReleaseSchema>;

/** What a release would send, answered before the second-factor confirmation. */
export const payoutPreviewSchema = z.object({
  count: z.number().int(),
  amount: z.string(),
  /** Payments that cannot be released as they are, each with what to do. */
  problems: z.array(z.object({ paymentId: z.string(), name: z.string(), message: z.string() })),
});
export type PayoutPreview = z.infer<typeof payoutPreviewSchema>;

export const payoutProgressSchema = z.object({
  processing: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  /** Sent, but M-Pesa's answer is unknown after every status query: staff check the portal. */
  needsAttention: z.number().int(),
  /** Moved on since (retried, refunded, paid by hand). */
  other: z.number().int(),
  completedAmount: z.string(),
});

export const payoutSchema = z.object({
  id: z.string(),
  provider: z.enum(payoutProviders),
  count: z.number().int(),
  amount: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  testId: z.string().nullable(),
  testTitle: z.string().nullable(),
  progress: payoutProgressSchema,
});
export type Payout = z.infer<typeof payoutSchema>;

/** GET /api/payouts/config: how payments leave, for the console. */
export const payoutConfigSchema = z.object({
  provider: z.enum(payoutProviders),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
});
export type PayoutConfigInfo = z.infer<typeof payoutConfigSchema>;
