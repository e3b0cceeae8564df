import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  reminderKinds,
  waitlistStatuses,
  type ReminderKind,
  type WaitlistStatus,
} from '../../../shared/schemas/options';
import { createdAt, id, inList, updatedAt } from './_columns';
import { applications } from './applications';
import { studies } from './studies';
import { studySessions } from './study-sessions';

/**
 * One reminder per booking, session and kind (24 h, 2 h before). A worker claims due rows
 * with FOR UPDATE SKIP LOCKED and queues the mail and SMS in the same transaction, so
 * each is sent at most once whatever the number of instances.
 */
export const sessionReminders = pgTable(
  'session_reminders',
  {
    id: id(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => studySessions.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<ReminderKind>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('session_reminders_booking_kind_unique').on(t.applicationId, t.sessionId, t.kind),
    index('session_reminders_due_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} IS NULL`),
    check('session_reminders_kind_check', inList('kind', reminderKinds)),
  ],
);

/**
 * A study's waitlist: selected applicants waiting for a seat, first come first offered. An
 * offer holds one seat of one session until `offerExpiresAt`.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    testId: uuid('test_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).$type<WaitlistStatus>().notNull().default('waiting'),
    offeredSessionId: uuid('offered_session_id').references(() => studySessions.id, {
      onDelete: 'set null',
    }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('waitlist_entries_test_idx').on(t.testId, t.status, t.createdAt),
    // One place in line per application; left, expired and booked entries stay as history.
    uniqueIndex('waitlist_entries_active_unique')
      .on(t.applicationId)
      .where(sql`${t.status} IN ('waiting', 'offered')`),
    index('waitlist_entries_offer_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
    check('waitlist_entries_status_check', inList('status', waitlistStatuses)),
  ],
);
