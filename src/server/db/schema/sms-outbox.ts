import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { outboxStatuses, type OutboxStatus } from '../../../shared/schemas/outbox';
import { createdAt, id, inList } from './_columns';

/**
 * Text messages waiting to be sent (decisions.md section 9), like the mail outbox: written
 * in the transaction of the change that causes them, claimed with FOR UPDATE SKIP LOCKED.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    toPhone: varchar('to_phone', { length: 32 }).notNull(),
    body: text('body').notNull(),
    kind: varchar('kind', { length: 50 }).notNull(),
    status: varchar('status', { length: 20 }).$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: uuid('locked_by'),
    lastError: text('last_error'),
    providerMessageId: varchar('provider_message_id', { length: 100 }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('sms_outbox_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('sms_outbox_to_idx').on(t.toPhone),
    check('sms_outbox_status_check', inList('status', outboxStatuses)),
    check('sms_outbox_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
