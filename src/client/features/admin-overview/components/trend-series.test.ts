import { describe, expect, it } from 'vitest';
import type { StatsTrends } from '@/shared/schemas/stats';
import { applicationWeeks, paymentSplit, weekLabel, weeklySummary, weekTick } from './trend-series';

const week = (weekStart: string, counts: Partial<StatsTrends['applicationsPerWeek'][number]>) => ({
  weekStart,
  interested: 0,
  screening: 0,
  selected: 0,
  scheduled: 0,
  completed: 0,
  declined: 0,
  disqualified: 0,
  total: 0,
  ...counts,
});

describe('the Overview chart series', () => {
  it('groups the seven statuses into four stacks that add up to the total', () => {
    const [row] = applicationWeeks({
      weeks: ['2025-03-10'],
      applicationsPerWeek: [
        week('2025-03-10', {
          interested: 2,
          screening: 1,
          selected: 1,
          scheduled: 3,
          completed: 4,
          declined: 1,
          disqualified: 2,
          total: 14,
        }),
      ],
      participantsPerWeek: [],
      payments: { completed: '0.00', pending: '0.00', processing: '0.00', failed: '0.00' },
    });
    expect(row).toEqual({
      weekStart: '2025-03-10',
      total: 14,
      inReview: 4,
      scheduled: 3,
      completed: 4,
      closed: 3,
    });
  });

  it('adds money exactly and knows when there is none', () => {
    const split = paymentSplit({
      completed: '3000.10',
      pending: '0.10',
      processing: '0.20',
      failed: '50.00',
    });
    expect(split).toMatchObject({
      paid: '3000.10',
      awaiting: '0.30',
      total: '3000.40',
      isEmpty: false,
    });
    expect(
      paymentSplit({ completed: '0.00', pending: '0.00', processing: '0.00', failed: '9.00' })
        .isEmpty,
    ).toBe(true);
  });

  it('reads weeks and sums as sentences', () => {
    expect(weekTick('2025-03-10')).toBe('10 Mar');
    expect(weekLabel('2025-03-10')).toBe('Week of 10 Mar 2025');
    expect(weeklySummary([0, 2, 1], 'application', 'applications', 3)).toBe(
      '3 applications in the last 3 weeks, 1 this week.',
    );
    expect(weeklySummary([1, 0], 'application', 'applications', 2)).toBe(
      '1 application in the last 2 weeks, 0 this week.',
    );
  });
});
