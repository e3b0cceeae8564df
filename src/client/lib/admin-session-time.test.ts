import { describe, expect, it } from 'vitest';
import { eatParts, eatStartsAt, minutesText, sessionWhen } from './admin-session-time';
import { reliabilityText } from './admin-reliability';

describe('admin session times (Nairobi, UTC+3)', () => {
  it('shows a stored UTC start as the day and time in Nairobi, across midnight', () => {
    const when = sessionWhen('2026-11-30T22:30:00.000Z', 90);
    expect(when.day).toMatch(/1 Dec 2026/);
    expect(when.time).toBe('01:30–03:00');
  });

  it('round-trips the form’s date and time through the API’s offset form', () => {
    expect(eatStartsAt('2026-12-01', '14:00')).toBe('2026-12-01T14:00:00+03:00');
    expect(eatParts('2026-12-01T11:00:00.000Z')).toEqual({ date: '2026-12-01', time: '14:00' });
    expect(eatParts('2026-11-30T21:15:00.000Z')).toEqual({ date: '2026-12-01', time: '00:15' });
  });

  it('says a length in hours and minutes', () => {
    expect(minutesText(45)).toBe('45 min');
    expect(minutesText(120)).toBe('2 h');
    expect(minutesText(90)).toBe('1 h 30 min');
  });
});

describe('reliabilityText', () => {
  it('says new before any session, else the share and the counts', () => {
    const base = { completedCount: 0, noShowCount: 0, reliability: null, bookingPaused: false };
    expect(reliabilityText(base)).toBe('New: no sessions yet');
    expect(reliabilityText({ ...base, completedCount: 4, noShowCount: 1, reliability: 0.8 })).toBe(
      'Reliability 80% · 4 done, 1 no-show',
    );
    expect(reliabilityText({ ...base, completedCount: 1, noShowCount: 3, reliability: 0.25 })).toBe(
      'Reliability 25% · 1 done, 3 no-shows',
    );
  });
});
