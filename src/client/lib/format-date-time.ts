const dateTimeFormat = new Intl.DateTimeFormat('en-KE', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * A moment for people in the en-KE locale, in the reader's time zone
 * ("4 Mar 2025, 14:05"). Null or unreadable input gives null.
 */
export function formatDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return dateTimeFormat.format(date);
}
