import { describe, expect, it } from 'vitest';
import { clockTime, sessionTimes } from './format-session-time';

describe('session times (Nairobi, EAT)', () => {
  it('writes the day and times in Nairobi whatever the instant is given in', () => {
    // 21:30 UTC is 00:30 the next day in Nairobi.
    expect(sessionTimes('2026-11-30T21:30:00Z', 90, 'en')).toEqual({
      day: 'Tuesday, 1 December 2026',
      start: '00:30',
      end: '02:00',
    });
    expect(sessionTimes('2026-12-01T10:00:00+03:00', 120, 'sw')).toEqual({
      day: 'Jumanne, 1 Desemba 2026',
      start: '10:00',
      end: '12:00',
    });
  });

  it('gives a clock time on the 24-hour clock', () => {
    expect(clockTime('2026-12-01T11:15:00Z', 'en')).toBe('14:15');
    expect(clockTime('2026-12-01T11:15:00Z', 'sw')).toBe('14:15');
  });
});
