import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { admins } from './admins';

/**
 * The bell's events an admin opened one by one, newer than their "read until" mark
 * (admins.notifications_seen_at); "mark all as read" moves the mark and empties their rows.
 * `eventAt` is the event's own time, so the unread count compares it with the mark.
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    eventId: uuid('event_id').notNull(),
    eventAt: timestamp('event_at', { withTimezone: true, precision: 6 }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.adminId, t.kind, t.eventId] }),
    check(
      'notification_reads_kind_check',
      sql`${t.kind} in ('application', 'client-request', 'research-request')`,
    ),
  ],
);
