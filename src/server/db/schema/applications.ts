import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { applicationStatuses, type ApplicationStatus } from '../../../shared/schemas/options';
import { id, inList } from './_columns';
import { admins } from './admins';
import { participants } from './participants';
import { studies } from './studies';

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
    feedback: text('feedback'),
    rating: integer('rating'),
    hoursWorked: numeric('hours_worked', { precision: 4, scale: 2 }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => admins.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    unique('applications_participant_test_unique').on(t.participantId, t.testId),
    index('applications_test_status_idx').on(t.testId, t.status),
    index('applications_applied_at_idx').on(t.appliedAt.desc(), t.id.desc()),
    index('applications_status_applied_idx').on(t.status, t.appliedAt.desc()),
    check('applications_status_check', inList('status', applicationStatuses)),
    check('applications_rating_check', sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 1 AND 5`),
    check(
      'applications_hours_worked_check',
      sql`${t.hoursWorked} IS NULL OR ${t.hoursWorked} BETWEEN 0 AND 99.99`,
    ),
  ],
);
