const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const dateFormat = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium' });
const calendarDateFormat = new Intl.DateTimeFormat('en-KE', {
  dateStyle: 'medium',
  timeZone: 'UTC',
});

/**
 * A date for people in the en-KE locale ("4 Mar 2025"). A calendar date
 * ("2025-03-04", as study dates are sent) is shown as that day in every time zone;
 * a timestamp is shown in the reader's. Null or unreadable input gives null.
 */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const calendar = DATE_ONLY.test(value);
  const date = new Date(calendar ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return null;
  return (calendar ? calendarDateFormat : dateFormat).format(date);
}
