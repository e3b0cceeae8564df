/**
 * The console's session times (decisions.md section 9): stored in UTC, shown and typed in
 * Nairobi time (EAT, UTC+3 all year: Kenya keeps no summer time).
 */
export const EAT_TIME_ZONE = 'Africa/Nairobi';
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

const dayFormat = new Intl.DateTimeFormat('en-KE', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: EAT_TIME_ZONE,
});
const clockFormat = new Intl.DateTimeFormat('en-KE', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: EAT_TIME_ZONE,
});

/** "Tue, 1 Dec 2026" and "14:00–15:30" in Nairobi. */
export function sessionWhen(startsAt: string, durationMinutes: number) {
  const start = new Date(startsAt);
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  return {
    day: dayFormat.format(start),
    time: `${clockFormat.format(start)}–${clockFormat.format(end)}`,
    start: clockFormat.format(start),
  };
}

/** One line: "Tue, 1 Dec 2026, 14:00 EAT". */
export function sessionStartText(startsAt: string): string {
  const start = new Date(startsAt);
  return `${dayFormat.format(start)}, ${clockFormat.format(start)} EAT`;
}

/** "90 min", "2 h", "1 h 30 min". */
export function minutesText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The form's date ("2026-12-01") and time ("14:00") of a stored start, in Nairobi. */
export function eatParts(startsAt: string): { date: string; time: string } {
  const shifted = new Date(Date.parse(startsAt) + EAT_OFFSET_MS).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** What the API takes from the form's date and time: "2026-12-01T14:00:00+03:00". */
export function eatStartsAt(date: string, time: string): string {
  return `${date}T${time}:00+03:00`;
}

/** Whether the session has begun by `now` (attendance opens; editing and cancelling close). */
export function hasStarted(startsAt: string, now: number): boolean {
  return Date.parse(startsAt) <= now;
}
