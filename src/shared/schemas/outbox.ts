import { z } from 'zod';
import { pageQuery } from './paging';

/** The outbox states, as stored (decisions.md section 12). */
export const outboxStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/**
 * Kinds whose body is a secret (a reset link signs its holder in): their body is never
 * shown to anyone, and their link is removed from the stored copy once sent.
 */
export const sensitiveMailKinds = ['password-reset'] as const;

export const isSensitiveMailKind = (kind: string) =>
  (sensitiveMailKinds as readonly string[]).includes(kind);

/** One row of the admins' outbox list: never a body. */
export const outboxMailSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  kind: z.string(),
  subject: z.string(),
  status: z.enum(outboxStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** True for kinds whose body is never shown (reset links). */
  sensitive: z.boolean(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** GET /api/outbox/{id}: the row and, unless it is sensitive or purged, its text body. */
export const outboxMailDetailSchema = outboxMailSchema.extend({
  body: z.string().nullable(),
  /** Why `body` is null: a secret kind, or purged after the retention period. */
  bodyHidden: z.enum(['sensitive', 'purged']).nullable(),
  /** An invite.ics went (or goes) with it: session bookings and changes (decisions.md section 9). */
  calendarAttached: z.boolean(),
});
export type OutboxMailDetail = z.infer<typeof outboxMailDetailSchema>;

/** GET /api/outbox?status=&limit=&cursor=: newest first. */
export const outboxListQuerySchema = pageQuery.extend({
  status: z.enum(outboxStatuses, { error: 'Use pending, sending, sent or failed' }).optional(),
});
export type OutboxListQuery = z.input<typeof outboxListQuerySchema>;
