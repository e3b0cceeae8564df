import type { DbOrTx } from '../../db/client';
import type { BookedSession } from '../../../shared/schemas/sessions';
import type { ApplicationRow } from '../applications/applications.repo';
import type { ApplicationExtras } from '../applications/applications.mapper';
import {
  activeWaitlistEntry,
  findSession,
  waitlistPosition,
  type SessionRow,
} from './sessions.repo';

export function toBookedSession(row: SessionRow): BookedSession {
  return {
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    mode: row.mode,
    location: row.location,
    meetingUrl: row.meetingUrl,
    status: row.status,
  };
}

/** The booked session and the place in line of one application, for the answers of single changes. */
export async function bookingExtras(tx: DbOrTx, row: ApplicationRow): Promise<ApplicationExtras> {
  const session = row.sessionId ? await findSession(tx, row.sessionId) : undefined;
  const entry = await activeWaitlistEntry(tx, row.id);
  return {
    session: session ? toBookedSession(session) : null,
    waitlist: entry
      ? {
          status: entry.status,
          position: await waitlistPosition(tx, entry),
          offeredSessionId: entry.offeredSessionId,
          offerExpiresAt: entry.offerExpiresAt?.toISOString() ?? null,
        }
      : null,
  };
}
