import { describe, expect, it } from 'vitest';
import type { Payout } from '@/shared/schemas/payouts';
import { payoutSettled, payoutSummary } from './payout-progress';

const payout = (progress: Partial<Payout['progress']>, over: Partial<Payout> = {}): Payout => ({
  id: 'po1',
  provider: 'mpesa',
  count: 2,
  amount: '3000.00',
  createdAt: '2026-03-04T10:00:00.000Z',
  createdByName: 'Grace Wambui',
  testId: null,
  testTitle: null,
  progress: {
    processing: 0,
    needsAttention: 0,
    completed: 0,
    failed: 0,
    other: 0,
    completedAmount: '0.00',
    ...progress,
  },
  ...over,
});

describe('a payout’s progress', () => {
  it('while M-Pesa pays: how many are paid, failed and waiting', () => {
    const p = payout({ processing: 1, completed: 1, completedAmount: '1500.00' });
    expect(payoutSummary(p)).toBe(
      'Paying over M-Pesa: 1 of 2 paid, 0 failed, 1 waiting for M-Pesa.',
    );
    expect(payoutSettled(p)).toEqual({ done: 1, total: 2, percent: 50 });
  });

  it('finished once every payment has an answer', () => {
    const p = payout({ completed: 1, failed: 1 });
    expect(payoutSummary(p)).toBe('Finished: 1 of 2 paid, 1 failed.');
    expect(payoutSettled(p).percent).toBe(100);
  });

  it('waits for staff while an outcome is unknown, and does not count it settled', () => {
    const p = payout({ completed: 1, needsAttention: 1 });
    expect(payoutSummary(p)).toBe(
      'Waiting for you: 1 of 2 paid, 0 failed, 1 needs attention (outcome unknown).',
    );
    expect(payoutSettled(p)).toEqual({ done: 1, total: 2, percent: 50 });
  });

  it('counts a payment retried into a later payout as moved on, still of this one', () => {
    // The failed payment was retried and released again: it left this payout.
    const p = payout({ completed: 1 });
    expect(payoutSummary(p)).toBe(
      'Finished: 1 of 2 paid, 0 failed, 1 moved on since (retried, refunded or settled by hand).',
    );
    expect(payoutSettled(p).percent).toBe(100);
  });

  it('a payout for the bulk file: how many are left to pay and marked paid', () => {
    const p = payout({ processing: 2 }, { provider: 'manual' });
    expect(payoutSummary(p)).toBe(
      'Released for the bulk file: 2 to pay with the bulk file, 0 of 2 marked paid.',
    );
    expect(payoutSettled(p).done).toBe(0);
  });
});
