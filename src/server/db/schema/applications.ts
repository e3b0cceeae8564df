import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { applicationStatuses, type ApplicationStatus } from '../../../shared/schemas/options';
import type { Answers } from '../../../shared/schemas/recruiting';
import { id, inList } from './_columns';
import { admins } from './admins';
import { participants } from './participants';
import { studies } from './studies';
import { studySessions } from './study-sessions';

export const applications = pgTable(
  'applications',
  {
    id: id(),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    testId: uuid('test_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 })
      .$type<ApplicationStatus>()
      .notNull()
      .default('interested'),
    screening: text('screening'),
    /** The answers to the study's screener (decisions.md section 10), keyed by question id. */
    answers: jsonb('answers').$type<Answers>(),
    feedback: text('feedback'),
    rating: integer('rating'),
    hoursWorked: numeric('hours_worked', { precision: 6, scale: 2 }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => admins.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The session booked (decisions.md section 9): set while scheduled, kept once attended or missed. */
    sessionId: uuid('session_id').references(() => studySessions.id, { onDelete: 'set null' }),
    /** Set by the attendance route: attended lets staff complete; no_show is also the status. */
    attendance: varchar('attendance', { length: 20 }).$type<'attended' | 'no_show'>(),
    attendanceAt: timestamp('attendance_at', { withTimezone: true }),
    /**
     * When staff last marked the application excused (turned away at the door): the mark
     * returns it to selected and clears `attendance`, so this keeps it, for the show-up fee.
     */
    excusedAt: timestamp('excused_at', { withTimezone: true }),
    /** The calendar file's SEQUENCE: raised on every change of the booking or its session. */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
  },
  (t) => [
    unique('applications_participant_test_unique').on(t.participantId, t.testId),
    index('applications_test_status_idx').on(t.testId, t.status),
    // Filtering applicants by answer: `answers @> {question: option}` (or `[option]`), the one
    // operator on this column. jsonb_path_ops indexes each path with its value, so a lookup
    // reads that answer's rows only, not every row having the question (half the size, and
    // three to four times faster at 5,000,000 applications: decision 038).
    index('applications_answers_idx').using('gin', t.answers.op('jsonb_path_ops')),
    // One study's applicants by answer: the answers nested under the study's id, so that
    // `{study: {question: option}}` is one posting list of exactly those rows, instead of the
    // study's rows intersected with every study's rows that chose the option (4 ms instead
    // of 45-60 ms for a rare option at 5,000,000 applications: decision 044).
    index('applications_study_answers_idx')
      .using(
        'gin',
        sql`jsonb_set('{}'::jsonb, ARRAY[${t.testId}::text], ${t.answers}) jsonb_path_ops`,
      )
      .where(sql`${t.answers} IS NOT NULL`),
    // The admin list's order, newest first with the id breaking ties, whole or within a
    // status or a study, so a page (and a deep one, by cursor) reads its rows in order
    // (docs/decisions/038-a-million-participants.md).
    index('applications_applied_at_idx').on(t.appliedAt.desc(), t.id.desc()),
    index('applications_status_applied_idx').on(t.status, t.appliedAt.desc(), t.id.desc()),
    index('applications_test_applied_idx').on(t.testId, t.appliedAt.desc(), t.id.desc()),
    check('applications_status_check', inList('status', applicationStatuses)),
    index('applications_session_idx')
      .on(t.sessionId)
      .where(sql`${t.sessionId} IS NOT NULL`),
    index('applications_no_show_idx')
      .on(t.participantId, t.attendanceAt)
      .where(sql`${t.attendance} = 'no_show'`),
    check(
      'applications_attendance_check',
      sql`${t.attendance} IS NULL OR ${t.attendance} IN ('attended', 'no_show')`,
    ),
    check('applications_rating_check', sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 1 AND 5`),
    check(
      'applications_hours_worked_check',
      sql`${t.hoursWorked} IS NULL OR ${t.hoursWorked} BETWEEN 0 AND 9999.99`,
    ),
  ],
);
