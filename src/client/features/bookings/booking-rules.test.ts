import { describe, expect, it } from 'vitest';
import type { StudySession } from '@/shared/schemas/sessions';
import { bookableSessions, pastCutoff, upcomingSessions } from './booking-rules';

const now = Date.parse('2026-12-01T00:00:00Z');
const hours = (h: number) => new Date(now + h * 3_600_000).toISOString();

function session(fields: Partial<StudySession>): StudySession {
  return {
    id: 'a',
    testId: 't',
    startsAt: hours(48),
    durationMinutes: 60,
    mode: 'in_person',
    location: 'Nairobi',
    meetingUrl: null,
    capacity: 2,
    status: 'open',
    booked: 0,
    seatsLeft: 2,
    createdAt: hours(-48),
    ...fields,
  };
}

describe('booking rules as the dashboard mirrors them', () => {
  it('closes changes 12 hours before the start', () => {
    expect(pastCutoff(hours(12.01), now)).toBe(false);
    expect(pastCutoff(hours(11.99), now)).toBe(true);
    expect(pastCutoff(hours(-1), now)).toBe(true);
  });

  it('offers open sessions that have not started and have a seat', () => {
    const sessions = [
      session({ id: 'open' }),
      session({ id: 'full', seatsLeft: 0 }),
      session({ id: 'cancelled', status: 'cancelled' }),
      session({ id: 'started', startsAt: hours(-0.5) }),
    ];
    expect(bookableSessions(sessions, now).map((s) => s.id)).toEqual(['open']);
    expect(upcomingSessions(sessions, now).map((s) => s.id)).toEqual(['open', 'full']);
  });
});
