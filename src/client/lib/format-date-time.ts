import { type Language, localeOf } from '@/shared/i18n/languages';

const formats = new Map<Language, Intl.DateTimeFormat>();

/**
 * A moment for people in the en-KE or sw-KE locale, in the reader's time zone
 * ("4 Mar 2025, 14:05"). Null or unreadable input gives null.
 */
export function formatDateTime(
  value: string | null | undefined,
  language: Language = 'en',
): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf[language], {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    formats.set(language, format);
  }
  return format.format(date);
}
