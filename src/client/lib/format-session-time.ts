import { type Language, localeOf } from '@/shared/i18n/languages';

/** Sessions are shown in Nairobi time (EAT, UTC+3), whatever the reader's device says (decisions.md section 9). */
export const SESSION_TIME_ZONE = 'Africa/Nairobi';

const dayFormats = new Map<Language, Intl.DateTimeFormat>();
const clockFormats = new Map<Language, Intl.DateTimeFormat>();

function dayFormat(language: Language) {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf[language], {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: SESSION_TIME_ZONE,
    });
    dayFormats.set(language, format);
  }
  return format;
}

function clockFormat(language: Language) {
  let format = clockFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf[language], {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: SESSION_TIME_ZONE,
    });
    clockFormats.set(language, format);
  }
  return format;
}

/** A session's times in Nairobi: "Monday, 30 November 2026", "10:00" and its end, "12:00". */
export function sessionTimes(startsAt: string, durationMinutes: number, language: Language) {
  const start = new Date(startsAt);
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  return {
    day: dayFormat(language).format(start),
    start: clockFormat(language).format(start),
    end: clockFormat(language).format(end),
  };
}

/** A moment's clock time in Nairobi ("14:30"), e.g. when a held seat is let go. */
export function clockTime(value: string, language: Language): string {
  return clockFormat(language).format(new Date(value));
}
