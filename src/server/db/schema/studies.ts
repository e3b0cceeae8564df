import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
  date,
  jsonb,
} from 'drizzle-orm/pg-core';
import { studyStatuses, type StudyStatus } from '../../../shared/schemas/options';
import type { Screener, StoredCriteria } from '../../../shared/schemas/recruiting';
import { createdAt, id, inList, updatedAt } from './_columns';
import { admins } from './admins';

/** A research study; the API and the table call it a "test". */
export const studies = pgTable(
  'tests',
  {
    id: id(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull(),
    payRate: numeric('pay_rate', { precision: 8, scale: 2 }).notNull(),
    duration: integer('duration').notNull(),
    maxParticipants: integer('max_participants').notNull().default(10),
    currentParticipants: integer('current_participants').notNull().default(0),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    company: varchar('company', { length: 200 }),
    requirements: text('requirements'),
    /** Who may apply (decisions.md section 10): every list present, maybe empty. */
    criteria: jsonb('criteria')
      .$type<StoredCriteria>()
      .notNull()
      .default(
        sql`'{"genders":[],"counties":[],"employment":[],"devices":[],"languages":[],"incomeBands":[],"excludeStudies":[],"excludeTags":[]}'::jsonb`,
      ),
    /** The screener's questions, in order; [] when the study has none. */
    screener: jsonb('screener')
      .$type<Screener>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: varchar('status', { length: 20 }).$type<StudyStatus>().notNull().default('not_started'),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    approvedBy: uuid('approved_by').references(() => admins.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tests_status_created_idx').on(t.status, t.createdAt.desc()),
    index('tests_created_at_idx').on(t.createdAt.desc()),
    check('tests_status_check', inList('status', studyStatuses)),
    check('tests_pay_rate_check', sql`${t.payRate} >= 0`),
    check('tests_duration_check', sql`${t.duration} BETWEEN 1 AND 1000`),
    check('tests_max_participants_check', sql`${t.maxParticipants} BETWEEN 1 AND 100000`),
    check('tests_current_participants_check', sql`${t.currentParticipants} >= 0`),
    check(
      'tests_dates_check',
      sql`${t.startDate} IS NULL OR ${t.endDate} IS NULL OR ${t.endDate} >= ${t.startDate}`,
    ),
  ],
);
