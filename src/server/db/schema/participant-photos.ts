import { customType, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { participants } from './participants';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Re-encoded profile photos, in the database so every instance can serve them. */
export const participantPhotos = pgTable('participant_photos', {
  participantId: uuid('participant_id')
    .primaryKey()
    .references(() => participants.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
  contentType: varchar('content_type', { length: 50 }).notNull(),
  etag: varchar('etag', { length: 64 }).notNull(),
  byteSize: integer('byte_size').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
