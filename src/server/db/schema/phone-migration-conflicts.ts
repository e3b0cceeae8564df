import { pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './_columns';

/**
 * What the E.164 phone migration could not normalise (docs/decisions/017-phones-e164.md):
 * a number its rules cannot read ('unrecognised'), or a participant whose number another
 * participant keeps ('duplicate', `keptRowId` names the keeper). Those rows keep their text
 * until an admin settles them; the table is the report, read with SQL.
 */
export const phoneMigrationConflicts = pgTable('phone_migration_conflicts', {
  id: id(),
  tableName: varchar('table_name', { length: 40 }).notNull(),
  rowId: uuid('row_id').notNull(),
  phone: varchar('phone', { length: 32 }).notNull(),
  normalised: varchar('normalised', { length: 32 }),
  reason: varchar('reason', { length: 20 }).notNull(),
  keptRowId: uuid('kept_row_id'),
  createdAt: createdAt(),
});
