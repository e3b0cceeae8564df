import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { adminRoles, type AdminRole } from '../../../shared/schemas/options';
import { createdAt, id, inList, updatedAt } from './_columns';

export const admins = pgTable(
  'admins',
  {
    id: id(),
    firstName: varchar('first_name', { length: 100 }).notNull().default(''),
    lastName: varchar('last_name', { length: 100 }).notNull().default(''),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 32 }),
    passwordHash: text('password_hash').notNull(),
    username: varchar('username', { length: 254 }).notNull(),
    role: varchar('role', { length: 20 }).$type<AdminRole>().notNull().default('admin'),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    loginAttempts: integer('login_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordResetToken: text('password_reset_token'),
    passwordResetExpires: timestamp('password_reset_expires', { withTimezone: true }),
    /** Events after this moment are the admin's unread notifications. */
    notificationsSeenAt: timestamp('notifications_seen_at', { withTimezone: true }),
    /** TOTP (decisions.md section 11): the enrolled secret (base32), never answered. */
    totpSecret: text('totp_secret'),
    /** A secret from setup, waiting for its first code. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second step accepted: a code at or below it is refused (no code works twice). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admins_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('admins_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('admins_reset_token_unique').on(t.passwordResetToken),
    check('admins_role_check', inList('role', adminRoles)),
    check('admins_login_attempts_check', sql`${t.loginAttempts} >= 0`),
  ],
);
