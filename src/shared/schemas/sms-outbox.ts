import { z } from 'zod';
import { outboxListQuerySchema, outboxStatuses } from './outbox';

/** Where SMS go (decisions.md section 9): kept in the outbox (log://) or sent through Africa's Talking. */
export const smsProviders = ['log', 'africastalking'] as const;
export type SmsProvider = (typeof smsProviders)[number];

/** One row of the admins' SMS outbox list: like mail's, no body (it is in the detail). */
export const outboxSmsSchema = z.object({
  id: z.string(),
  /** The phone number, E.164. */
  to: z.string(),
  kind: z.string(),
  status: z.enum(outboxStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type OutboxSms = z.infer<typeof outboxSmsSchema>;

/** GET /api/sms-outbox/{id}: the row, its text and the provider's id for it once sent. */
export const outboxSmsDetailSchema = outboxSmsSchema.extend({
  body: z.string(),
  providerMessageId: z.string().nullable(),
});
export type OutboxSmsDetail = z.infer<typeof outboxSmsDetailSchema>;

/** GET /api/sms-outbox?status=&limit=&cursor=: newest first; the same query as the mail outbox. */
export const smsOutboxListQuerySchema = outboxListQuerySchema;
export type SmsOutboxListQuery = z.input<typeof smsOutboxListQuerySchema>;

export const smsOutboxListSchema = z.object({
  sms: z.array(outboxSmsSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  /** log: nothing is sent, SMS stay queued here. */
  provider: z.enum(smsProviders),
});
export type SmsOutboxList = z.infer<typeof smsOutboxListSchema>;
