import { type Language, localeOf } from '@/shared/i18n/languages';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: Language, calendar: boolean): Intl.DateTimeFormat {
  const key = `${language}/${calendar}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf[language], {
      dateStyle: 'medium',
      ...(calendar ? { timeZone: 'UTC' } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A date for people in the en-KE or sw-KE locale ("4 Mar 2025", "4 Mac 2025"). A calendar
 * date ("2025-03-04", as study dates are sent) is shown as that day in every time zone;
 * a timestamp is shown in the reader's. Null or unreadable input gives null.
 */
export function formatDate(
  value: string | null | undefined,
  language: Language = 'en',
): string | null {
  if (!value) return null;
  const calendar = DATE_ONLY.test(value);
  const date = new Date(calendar ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return null;
  return dateFormat(language, calendar).format(date);
}
