import { applicationKeys } from '../applications/keys';
import { studyKeys, studyUrl } from '../studies/keys';

const sessionsPath = '/api/sessions';

/**
 * The participant's side of sessions (decisions.md section 9). Their queries start with the
 * sessions path, so a change made to any session also refreshes what a participant is shown.
 */
export const bookingKeys = {
  sessions: [sessionsPath] as const,
  studySessions: (testId: string) => [sessionsPath, 'participant', testId] as const,
};

/** What a booking, a cancelled booking, a withdrawal or the waitlist can change. */
export const bookingAffectedKeys = [applicationKeys.all, bookingKeys.sessions, studyKeys.all];

export const applicationUrl = (id: string) => `${applicationKeys.path}/${encodeURIComponent(id)}`;

/** GET: the booked session as a calendar file (text/calendar), for "Add to calendar". */
export const calendarUrl = (applicationId: string) =>
  `${applicationUrl(applicationId)}/calendar.ics`;

export const waitlistUrl = (testId: string) => `${studyUrl(testId)}/waitlist`;
