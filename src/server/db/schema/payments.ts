import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  char,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  paymentReasons,
  paymentStatuses,
  payoutAttemptStates,
  payoutProviders,
  type PaymentReason,
  type PaymentStatus,
  type PayoutAttemptState,
  type PayoutProvider,
} from '../../../shared/schemas/options';
import { admins } from './admins';
import { createdAt, id, inList, updatedAt } from './_columns';
import { applications } from './applications';
import { participants } from './participants';
import { studies } from './studies';

export const payments = pgTable(
  'payments',
  {
    id: id(),
    // Kept for accounting when the participant is deleted (decisions.md section 5).
    participantId: uuid('participant_id').references(() => participants.id, {
      onDelete: 'set null',
    }),
    // A study with payments cannot be deleted: cancel it instead.
    testId: uuid('test_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'restrict' }),
    applicationId: uuid('application_id').references(() => applications.id, {
      onDelete: 'set null',
    }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /** completion (pay rate x duration) or an extra: show_up, transport, bonus, other (section 11). */
    reason: varchar('reason', { length: 20 })
      .$type<PaymentReason>()
      .notNull()
      .default('completion'),
    note: text('note'),
    /** The release this payment was last sent in. */
    payoutId: uuid('payout_id').references((): AnyPgColumn => payouts.id, { onDelete: 'set null' }),
    /** Payout attempts made for it (each with its own OriginatorConversationID). */
    attempts: integer('attempts').notNull().default(0),
    /** The M-Pesa number it was (or is being) paid to, E.164. */
    paidTo: varchar('paid_to', { length: 32 }),
    currency: char('currency', { length: 3 }).notNull().default('KES'),
    status: varchar('status', { length: 20 }).$type<PaymentStatus>().notNull().default('pending'),
    paymentMethod: varchar('payment_method', { length: 50 }),
    transactionId: varchar('transaction_id', { length: 100 }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** When it last moved to processing (released), failed and refunded: the report's dates. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('payments_participant_idx').on(t.participantId),
    index('payments_test_idx').on(t.testId),
    index('payments_status_idx').on(t.status),
    // An admin looks a payment up by its M-Pesa or bank reference (stored in capitals).
    index('payments_transaction_id_idx').on(t.transactionId),
    // One completion payment, one show-up fee and one transport refund per application.
    uniqueIndex('payments_application_reason_unique')
      .on(t.applicationId, t.reason)
      .where(sql`reason IN ('completion', 'show_up', 'transport')`),
    index('payments_application_idx').on(t.applicationId),
    index('payments_payout_idx').on(t.payoutId),
    index('payments_processed_idx').on(t.processedAt),
    index('payments_released_idx').on(t.releasedAt),
    index('payments_failed_idx').on(t.failedAt),
    index('payments_refunded_idx').on(t.refundedAt),
    check('payments_reason_check', inList('reason', paymentReasons)),
    check('payments_attempts_check', sql`${t.attempts} >= 0`),
    check('payments_status_check', inList('status', paymentStatuses)),
    check('payments_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * The ledger of payment moves (decision 034): one row each time a payment is released
 * (moves to processing), completed, failed or refunded, written by a trigger on
 * payments.status so that no path can forget it. The reconciliation report reads it, so a
 * past day's figures stay as they were when a payment is retried later.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    paidTo: varchar('paid_to', { length: 32 }),
    transactionId: varchar('transaction_id', { length: 100 }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('payment_events_at_idx').on(t.at, t.id),
    index('payment_events_payment_idx').on(t.paymentId),
    check(
      'payment_events_kind_check',
      inList('kind', ['released', 'completed', 'failed', 'refunded']),
    ),
  ],
);

/** One release of payments by an admin (decisions.md section 11). */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    provider: varchar('provider', { length: 10 }).$type<PayoutProvider>().notNull(),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    testId: uuid('test_id').references(() => studies.id, { onDelete: 'set null' }),
    count: integer('count').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payouts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('payouts_provider_check', inList('provider', payoutProviders)),
    check('payouts_count_check', sql`${t.count} > 0`),
  ],
);

/**
 * One B2C request for one payment (decision 032). The OriginatorConversationID is stored
 * before the call; the callback tokens are kept as SHA-256 only.
 */
export const payoutAttempts = pgTable(
  'payout_attempts',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'set null' }),
    originatorConversationId: varchar('originator_conversation_id', { length: 64 }).notNull(),
    conversationId: varchar('conversation_id', { length: 100 }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    statusTokenHash: varchar('status_token_hash', { length: 64 }),
    phone: varchar('phone', { length: 32 }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    state: varchar('state', { length: 20 }).$type<PayoutAttemptState>().notNull().default('queued'),
    resultCode: varchar('result_code', { length: 20 }),
    resultDesc: text('result_desc'),
    receipt: varchar('receipt', { length: 20 }),
    /** Sends and status queries made, for back-off and the limit. */
    tries: integer('tries').notNull().default(0),
    statusQueries: integer('status_queries').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payout_attempts_originator_unique').on(t.originatorConversationId),
    uniqueIndex('payout_attempts_token_unique').on(t.tokenHash),
    uniqueIndex('payout_attempts_status_token_unique').on(t.statusTokenHash),
    index('payout_attempts_payment_idx').on(t.paymentId),
    index('payout_attempts_due_idx').on(t.state, t.nextCheckAt),
    check('payout_attempts_state_check', inList('state', payoutAttemptStates)),
  ],
);

export const earnings = pgTable(
  'earnings',
  {
    id: id(),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    totalEarned: numeric('total_earned', { precision: 14, scale: 2 }).notNull().default('0.00'),
    totalPaid: numeric('total_paid', { precision: 14, scale: 2 }).notNull().default('0.00'),
    pendingPayments: numeric('pending_payments', { precision: 14, scale: 2 })
      .notNull()
      .default('0.00'),
    completedTests: integer('completed_tests').notNull().default(0),
    lastPaymentAt: timestamp('last_payment_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('earnings_participant_unique').on(t.participantId),
    check('earnings_total_earned_check', sql`${t.totalEarned} >= 0`),
    check('earnings_total_paid_check', sql`${t.totalPaid} >= 0`),
    check('earnings_pending_check', sql`${t.pendingPayments} >= 0`),
    check('earnings_completed_tests_check', sql`${t.completedTests} >= 0`),
  ],
);
