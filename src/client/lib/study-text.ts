import type { Study } from '@/shared/schemas/studies';
import { formatDate } from './format-date';

/** "1 hour", "3 hours". */
export function hoursLabel(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/**
 * A study's dates as one phrase: "1 Mar 2026 – 5 Mar 2026", "From …", "Until …", or
 * `noDates` (the admin pages say "No dates set", the participant's card "To be announced").
 */
export function studyDateRange(
  study: Pick<Study, 'startDate' | 'endDate'>,
  noDates = 'No dates set',
): string {
  const start = formatDate(study.startDate);
  const end = formatDate(study.endDate);
  if (start && end) return `${start} – ${end}`;
  if (start) return `From ${start}`;
  if (end) return `Until ${end}`;
  return noDates;
}
