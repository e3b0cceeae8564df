import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time';
import { formatRelativeTime } from './format-relative-time';

const now = Date.parse('2025-03-12T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatRelativeTime', () => {
  it('reads recent times relative to now, older ones as a date', () => {
    expect(formatRelativeTime(ago(20_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(30 * 3_600_000), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(4 * 86_400_000), now)).toBe('4 days ago');
    expect(formatRelativeTime('2025-01-04T09:00:00Z', now)).toMatch(/Jan 2025/);
  });

  it('treats a clock slightly ahead as now, and unreadable input as null', () => {
    expect(formatRelativeTime(new Date(now + 5_000).toISOString(), now)).toBe('just now');
    expect(formatRelativeTime('not a date', now)).toBeNull();
    expect(formatDateTime('nope')).toBeNull();
    expect(formatDateTime('2025-03-04T11:05:00Z')).toMatch(/2025/);
  });
});
