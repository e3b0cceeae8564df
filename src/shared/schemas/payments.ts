import { z } from 'zod';
import { paymentStatuses } from './options';

/** PUT /api/payments/{id}/status. Completing needs the transaction reference (e.g. an M-Pesa code). */
export const paymentStatusSchema = z
  .object({
    status: z.enum(paymentStatuses, { error: 'Unknown status' }),
    transactionId: z.string().trim().max(100, 'Must be at most 100 characters').optional(),
    paymentMethod: z.string().trim().max(50, 'Must be at most 50 characters').optional(),
    failureReason: z.string().trim().max(500, 'Must be at most 500 characters').optional(),
  })
  .refine((v) => v.status !== 'completed' || Boolean(v.transactionId), {
    path: ['transactionId'],
    message: 'Enter the transaction reference (e.g. the M-Pesa code)',
  });
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
  status: z.enum(paymentStatuses),
  paymentMethod: z.string().nullable(),
  transactionId: z.string().nullable(),
  processedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;
