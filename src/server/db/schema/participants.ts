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
import { devices, mobileMoneyServices, spokenLanguages } from '../../../shared/schemas/recruiting';
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
    // The research profile of decisions.md section 10 (docs/decisions/036-recruiting.md):
    // option values of src/shared/schemas/recruiting.ts; null and [] are "not given".
    gender: varchar('gender', { length: 20 }),
    county: varchar('county', { length: 40 }),
    town: varchar('town', { length: 100 }),
    employment: varchar('employment', { length: 30 }),
    incomeBand: varchar('income_band', { length: 20 }),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    devices: text('devices')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mobileMoney: text('mobile_money')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    internetAccess: varchar('internet_access', { length: 30 }),
    /** The separate, unticked "invite me to studies that fit me" choice. */
    inviteOptIn: boolean('invite_opt_in').notNull().default(false),
    /** Whether the studies-open mail may go to them (its unsubscribe link turns it off). */
    studyMail: boolean('study_mail').notNull().default(true),
    /** The versions of the terms and privacy notice last accepted (null: before versions were kept). */
    termsVersion: varchar('terms_version', { length: 20 }),
    privacyVersion: varchar('privacy_version', { length: 20 }),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    /** The last invitation to any study: the cooldown and the "least recently invited first" order. */
    lastInvitedAt: timestamp('last_invited_at', { withTimezone: true }),
    /** Set while staff block the participant: no sign-in, no applying (audited, reversible). */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedReason: varchar('blocked_reason', { length: 500 }),
    /**
     * Whether another account has the same lower-cased first and last name and date of birth,
     * or the same payout number (decisions.md section 10). Kept exact by the trigger of
     * migration 0020 (participants_duplicates_refresh): never written by the app.
     */
    hasPossibleDuplicate: boolean('has_possible_duplicate').notNull().default(false),
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
    // The participants tab filters by every profile field (decisions.md section 10).
    index('participants_gender_idx').on(t.gender),
    index('participants_county_idx').on(t.county),
    index('participants_employment_idx').on(t.employment),
    index('participants_income_band_idx').on(t.incomeBand),
    index('participants_date_of_birth_idx').on(t.dateOfBirth),
    // Narrow indexes the totals of the rest of the filters count from (an index-only scan,
    // not a pass over the wide rows); blocked people are few, so only they are indexed.
    index('participants_internet_access_idx').on(t.internetAccess),
    index('participants_education_idx').on(t.education),
    index('participants_invite_opt_in_idx').on(t.inviteOptIn),
    index('participants_blocked_idx')
      .on(t.blockedAt.desc())
      .where(sql`${t.blockedAt} IS NOT NULL`),
    index('participants_languages_idx').using('gin', t.languages),
    index('participants_devices_idx').using('gin', t.devices),
    index('participants_mobile_money_idx').using('gin', t.mobileMoney),
    // The single-choice fields together, county first (recruiting is by county), then what a
    // matching count reads: a combination's total, and GET /api/tests/{id}/matches, count
    // entries of this one index (index-only) instead of reading the wide rows.
    index('participants_profile_idx').on(
      t.county,
      t.gender,
      t.internetAccess,
      t.employment,
      t.incomeBand,
      t.education,
      t.inviteOptIn,
      t.dateOfBirth,
      t.blockedAt,
      t.isActive,
      t.lastInvitedAt,
      t.id,
    ),
    // One partial index per option of each list field, in list order: a filter's total (a
    // tenth of a million people at a million) counts index entries, and its page reads them in
    // order, instead of rechecking the GIN index's matches against the wide rows. The
    // predicate is the filter's own `column @> ARRAY[value]` (participantWhere).
    ...(
      [
        ['language', t.languages, spokenLanguages],
        ['device', t.devices, devices],
        ['mobile_money', t.mobileMoney, mobileMoneyServices],
      ] as const
    ).flatMap(([field, column, values]) =>
      values.map((value) =>
        index(`participants_${field}_${value}_idx`)
          .on(t.createdAt.desc(), t.id.desc())
          .where(sql`${column} @> ARRAY[${sql.raw(`'${value}'`)}]::text[]`),
      ),
    ),
    // The invitable, least recently invited first.
    index('participants_invitable_idx')
      .on(t.lastInvitedAt.asc().nullsFirst(), t.id)
      .where(sql`${t.inviteOptIn} AND ${t.blockedAt} IS NULL AND ${t.isActive}`),
    // Possible duplicates: the same name and date of birth, or the same payout number.
    index('participants_name_birth_idx').on(
      sql`lower(${t.firstName})`,
      sql`lower(${t.lastName})`,
      t.dateOfBirth,
    ),
    index('participants_payout_number_idx').on(sql`coalesce(${t.payoutPhone}, ${t.phone})`),
    // The flagged few in list order: the duplicates filter's page and total.
    index('participants_possible_duplicate_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hasPossibleDuplicate}`),
    check('participants_language_check', sql`${t.language} in ('en', 'sw')`),
  ],
);
