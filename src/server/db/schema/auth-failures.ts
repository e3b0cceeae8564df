import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Failed password checks, counted per (account, client address): five in a row lock that
 * pair only, so a stranger cannot lock the owner out from the owner's own address.
 * `key_hash` is the SHA-256 of the normalised e-mail, whether or not an account has it,
 * so unknown e-mails are counted (and answered) exactly like known ones.
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.keyHash, t.ip] }),
    index('auth_failures_updated_idx').on(t.updatedAt),
  ],
);
