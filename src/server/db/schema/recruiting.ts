import { check, index, pgTable, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, inList } from './_columns';
import { admins } from './admins';
import { participants } from './participants';
import { studies } from './studies';

/**
 * Who was invited to which study (decisions.md section 10): once per study, ever. The
 * row outlives a withdrawn invitation mail; it goes with the participant or the study.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    testId: uuid('test_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('invitations_test_participant_unique').on(t.testId, t.participantId),
    index('invitations_participant_idx').on(t.participantId),
  ],
);

export const consentKinds = ['terms', 'privacy', 'invitations', 'study_mail'] as const;
export const consentSources = ['registration', 'settings', 'unsubscribe'] as const;

/**
 * Every consent given or withdrawn, kept as evidence (Data Protection Act 2019, s. 32):
 * what (a version accepted, or 'yes' / 'no'), when and how. Erased with the person.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: id(),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).$type<(typeof consentKinds)[number]>().notNull(),
    value: varchar('value', { length: 20 }).notNull(),
    source: varchar('source', { length: 20 }).$type<(typeof consentSources)[number]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consent_records_participant_idx').on(t.participantId, t.createdAt),
    check('consent_records_kind_check', inList('kind', consentKinds)),
    check('consent_records_source_check', inList('source', consentSources)),
  ],
);
