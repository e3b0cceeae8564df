import type { Language } from '@/shared/i18n/languages';
import type { Study } from '@/shared/schemas/studies';
import { formatDate } from './format-date';

/** "1 hour", "3 hours". */
export function hoursLabel(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** A study's start and end dates as the language writes them; null where unset. */
export function studyDates(
  study: Pick<Study, 'startDate' | 'endDate'>,
  language: Language = 'en',
): { start: string | null; end: string | null } {
  return { start: formatDate(study.startDate, language), end: formatDate(study.endDate, language) };
}

/**
 * A study's dates as one phrase, for the staff console (English): "1 Mar 2026 – 5 Mar 2026",
 * "From …", "Until …", "No dates set". The participant's study card words it from the
 * `dashboard` catalogue instead.
 */
export function studyDateRange(study: Pick<Study, 'startDate' | 'endDate'>): string {
  const { start, end } = studyDates(study);
  if (start && end) return `${start} – ${end}`;
  if (start) return `From ${start}`;
  if (end) return `Until ${end}`;
  return 'No dates set';
}
