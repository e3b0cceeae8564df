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
import {
  sessionModes,
  sessionStatuses,
  type SessionMode,
  type SessionStatus,
} from '../../../shared/schemas/options';
import { createdAt, id, inList, updatedAt } from './_columns';
import { studies } from './studies';

/**
 * A sitting of a study (decisions.md section 9): a time, a place or a link, and seats.
 * Booked seats are counted from the applications that point at it, under its row lock.
 */
export const studySessions = pgTable(
  'study_sessions',
  {
    id: id(),
    testId: uuid('test_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    mode: varchar('mode', { length: 20 }).$type<SessionMode>().notNull(),
    location: varchar('location', { length: 300 }),
    meetingUrl: text('meeting_url'),
    capacity: integer('capacity').notNull(),
    status: varchar('status', { length: 20 }).$type<SessionStatus>().notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('study_sessions_test_starts_idx').on(t.testId, t.startsAt),
    check('study_sessions_mode_check', inList('mode', sessionModes)),
    check('study_sessions_status_check', inList('status', sessionStatuses)),
    check('study_sessions_duration_check', sql`${t.durationMinutes} BETWEEN 1 AND 1440`),
    check('study_sessions_capacity_check', sql`${t.capacity} BETWEEN 1 AND 1000`),
    check(
      'study_sessions_place_check',
      sql`(${t.mode} = 'in_person' AND ${t.location} IS NOT NULL) OR (${t.mode} = 'remote' AND ${t.meetingUrl} IS NOT NULL)`,
    ),
  ],
);
