import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { outboxStatuses, type OutboxStatus } from '../../../shared/schemas/outbox';
import { createdAt, id, inList } from './_columns';

/**
 * Mail waiting to be sent. Rows are written in the same transaction as the
 * change that causes them; a worker claims them with FOR UPDATE SKIP LOCKED.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** An iCalendar file (RFC 5545) attached as invite.ics: booking and change mails (decisions.md section 9). */
    calendar: text('calendar'),
    kind: varchar('kind', { length: 50 }).notNull(),
    /** Extra headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: varchar('status', { length: 20 }).$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: uuid('locked_by'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // Deleting a participant deletes the mail to their address (decisions.md section 8).
    index('mail_outbox_to_idx').on(sql`lower(${t.toAddress})`),
    check('mail_outbox_status_check', inList('status', outboxStatuses)),
    check('mail_outbox_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
