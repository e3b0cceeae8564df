import { sql } from 'drizzle-orm';
import {
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
import { paymentStatuses, type PaymentStatus } from '../../../shared/schemas/options';
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
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    currency: char('currency', { length: 3 }).notNull().default('KES'),
    status: varchar('status', { length: 20 }).$type<PaymentStatus>().notNull().default('pending'),
    paymentMethod: varchar('payment_method', { length: 50 }),
    transactionId: varchar('transaction_id', { length: 100 }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
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
    uniqueIndex('payments_application_unique').on(t.applicationId),
    check('payments_status_check', inList('status', paymentStatuses)),
    check('payments_amount_check', sql`${t.amount} >= 0`),
  ],
);

export const earnings = pgTable(
  'earnings',
  {
    id: id(),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    totalEarned: numeric('total_earned', { precision: 12, scale: 2 }).notNull().default('0.00'),
    totalPaid: numeric('total_paid', { precision: 12, scale: 2 }).notNull().default('0.00'),
    pendingPayments: numeric('pending_payments', { precision: 12, scale: 2 })
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
