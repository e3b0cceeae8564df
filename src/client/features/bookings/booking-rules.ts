import type { StudySession } from '@/shared/schemas/sessions';

/**
 * The server's BOOKING_CUTOFF_HOURS as it is by default (decisions.md section 9). The API
 * does not publish its setting, so the screen mirrors the default; the server decides and
 * its refusal is shown when the two differ.
 */
export const BOOKING_CUTOFF_HOURS = 12;

/** True when a participant may no longer move or cancel a booking starting at `startsAt`. */
export function pastCutoff(startsAt: string, now: number): boolean {
  return new Date(startsAt).getTime() - now < BOOKING_CUTOFF_HOURS * 3_600_000;
}

/** Sessions a participant may book now: open, not started, with a seat free. */
export function bookableSessions(sessions: StudySession[], now: number): StudySession[] {
  return sessions.filter(
    (s) => s.status === 'open' && s.seatsLeft > 0 && new Date(s.startsAt).getTime() > now,
  );
}

/** Open sessions that have not started, full or not. */
export function upcomingSessions(sessions: StudySession[], now: number): StudySession[] {
  return sessions.filter((s) => s.status === 'open' && new Date(s.startsAt).getTime() > now);
}

/** The id of the card that holds an application, where the focus goes once its content changes. */
export const applicationCardId = (applicationId: string) => `application-${applicationId}`;

/** Moves the focus to the application's card (its buttons may just have gone). */
export function focusApplicationCard(applicationId: string) {
  requestAnimationFrame(() => document.getElementById(applicationCardId(applicationId))?.focus());
}
