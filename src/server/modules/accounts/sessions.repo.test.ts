import { describe, expect, it } from 'vitest';
import { initialExpiry, renewedExpiry, SESSION_POLICY } from './sessions.repo';

const HOUR = 3600_000;
const now = new Date('2026-11-21T12:00:00Z');

describe('session expiry rules', () => {
  it('gives participants 14 days, renewed from the last activity', () => {
    expect(initialExpiry('participant', now).getTime() - now.getTime()).toBe(14 * 24 * HOUR);
    const createdLongAgo = new Date(now.getTime() - 30 * 24 * HOUR);
    expect(
      renewedExpiry({ userType: 'participant', createdAt: createdLongAgo }, now).getTime(),
    ).toBe(now.getTime() + SESSION_POLICY.participant.slidingMs);
  });

  it('gives admins one idle hour, never past 12 hours after sign-in', () => {
    expect(initialExpiry('admin', now).getTime() - now.getTime()).toBe(HOUR);
    const signedIn = new Date(now.getTime() - 2 * HOUR);
    expect(renewedExpiry({ userType: 'admin', createdAt: signedIn }, now).getTime()).toBe(
      now.getTime() + HOUR,
    );
    const nearlyDone = new Date(now.getTime() - 11.5 * HOUR);
    expect(renewedExpiry({ userType: 'admin', createdAt: nearlyDone }, now).getTime()).toBe(
      nearlyDone.getTime() + 12 * HOUR,
    );
  });
});
