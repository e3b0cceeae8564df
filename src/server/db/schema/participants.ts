import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Language } from '../../../shared/i18n/languages';
import { createdAt, id, updatedAt } from './_columns';

export const participants = pgTable(
  'participants',
  {
    id: id(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    profilePhoto: text('profile_photo'),
    location: varchar('location', { length: 200 }),
    age: varchar('age', { length: 20 }),
    occupation: varchar('occupation', { length: 200 }),
    dateOfBirth: varchar('date_of_birth', { length: 10 }),
    education: varchar('education', { length: 50 }),
    /** Mail, SMS and pages go to the participant in this language (decisions.md section 13). */
    language: varchar('language', { length: 2 }).$type<Language>().notNull().default('en'),
    isActive: boolean('is_active').notNull().default(true),
    isVerified: boolean('is_verified').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    loginAttempts: integer('login_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordResetToken: text('password_reset_token'),
    passwordResetExpires: timestamp('password_reset_expires', { withTimezone: true }),
    /** The M-Pesa number payouts go to, E.164; null pays to `phone` (decisions.md section 11). */
    payoutPhone: varchar('payout_phone', { length: 32 }),
    /** No-shows before this moment no longer count against booking (an admin's reset, decisions.md section 9). */
    noShowsResetAt: timestamp('no_shows_reset_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the admin search matches (name, e-mail, phone, location), lower-cased and
     * stored: a search's total then rechecks a column instead of rebuilding the text per row.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || coalesce(location, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('participants_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('participants_phone_unique').on(t.phone),
    uniqueIndex('participants_reset_token_unique').on(t.passwordResetToken),
    index('participants_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('participants_search_text_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('participants_login_attempts_check', sql`${t.loginAttempts} >= 0`),
    check('participants_language_check', sql`${t.language} in ('en', 'sw')`),
  ],
);
