import { formatDate } from './format-date';

const relative = new Intl.RelativeTimeFormat('en-KE', { numeric: 'auto' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago a timestamp was, for activity lists: "just now", "5 minutes ago",
 * "3 hours ago", "yesterday", "4 days ago", then the date ("4 Mar 2025").
 * Unreadable input gives null.
 */
export function formatRelativeTime(value: string, now: number = Date.now()): string | null {
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return null;
  const ago = Math.max(0, now - at);
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), 'day');
  return formatDate(value);
}
