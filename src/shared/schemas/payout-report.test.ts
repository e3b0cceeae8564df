import { describe, expect, it } from 'vitest';
import {
  daysInRange,
  eatDayOf,
  eatDayRange,
  payoutReportQuerySchema,
  thisMonthInEat,
} from './payout-report';

describe('EAT days (UTC+3 all year)', () => {
  it('puts 23:30 EAT on the 31st on the 31st and 00:00 EAT on the 1st on the 1st', () => {
    expect(eatDayOf(new Date('2026-01-31T20:30:00Z'))).toBe('2026-01-31');
    expect(eatDayOf(new Date('2026-01-31T21:00:00Z'))).toBe('2026-02-01');
  });

  it('spans a range from the first day’s 00:00 EAT to the day after the last', () => {
    expect(eatDayRange('2026-01-01', '2026-01-31')).toEqual({
      start: new Date('2025-12-31T21:00:00Z'),
      end: new Date('2026-01-31T21:00:00Z'),
    });
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('defaults to this month in EAT, up to today', () => {
    expect(thisMonthInEat(new Date('2026-02-28T22:00:00Z'))).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
  });
});

describe('the report’s range', () => {
  const errors = (query: object) => {
    const result = payoutReportQuerySchema.safeParse(query);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes one day and up to 366', () => {
    expect(errors({ from: '2026-01-01', to: '2026-01-01' })).toEqual({});
    expect(errors({ from: '2025-01-01', to: '2026-01-01' })).toEqual({});
  });

  it('refuses a last day before the first, 367 days and days that do not exist', () => {
    expect(errors({ from: '2026-02-01', to: '2026-01-31' })).toEqual({
      to: 'The last day cannot be before the first day',
    });
    expect(errors({ from: '2025-01-01', to: '2026-01-02' })).toEqual({
      to: 'A report covers at most 366 days: choose a shorter range',
    });
    expect(Object.keys(errors({ from: '2026-02-30', to: '2026-03-01' }))).toEqual(['from']);
  });
});
