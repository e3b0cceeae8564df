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
import { userTypes, type UserType } from '../../../shared/schemas/options';
import { inList } from './_columns';

/** Server-side sessions. The cookie holds a random id; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: varchar('id_hash', { length: 64 }).primaryKey(),
    userId: uuid('user_id').notNull(),
    userType: varchar('user_type', { length: 20 }).$type<UserType>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: varchar('ip_address', { length: 64 }),
    userAgent: text('user_agent'),
    /** When a second-factor code was last entered on this session (step-up, section 11). */
    stepUpAt: timestamp('step_up_at', { withTimezone: true }),
    /** Wrong step-up codes on this session; the fifth ends it. */
    stepUpFailures: integer('step_up_failures').notNull().default(0),
  },
  (t) => [
    index('sessions_user_idx').on(t.userType, t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    check('sessions_user_type_check', inList('user_type', userTypes)),
  ],
);
