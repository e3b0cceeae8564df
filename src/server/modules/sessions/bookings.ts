/**
 * The booking steps that several routes share (decisions.md section 9), each run inside
 * the caller's transaction with the study row already locked (`lockStudy(tx, id, 'update')`):
 * every writer of a study's seats queues on that lock, so the counts below are final.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applications, studies, waitlistEntries } from '../../db/schema/index';
import { placesLeft } from '../../../shared/rules/capacity';
import type { StudyRow } from '../studies/studies.repo';
import {
  placesTakenIn,
  refreshPlacesTaken,
  type ApplicationRow,
} from '../applications/applications.repo';
import { notifyBooking, type NoticeContext } from './session-notices';
import {
  disarmReminders,
  findPerson,
  firstInLine,
  lockUpcomingSessions,
  sessionCounts,
  setWaitlistStatus,
  activeWaitlistEntry,
} from './sessions.repo';

/** How long a seat offered from the waitlist is held (decisions.md section 9). */
export const OFFER_HOLD_MS = 2 * 3600_000;

/**
 * Detaches an application from its session: no seat, no reminder, a new calendar
 * sequence. The caller sets the status (selected, declined, withdrawn) in the same change.
 */
export async function releaseBooking(
  tx: DbOrTx,
  application: ApplicationRow,
  status: ApplicationRow['status'],
  reviewedBy?: string | null,
): Promise<ApplicationRow> {
  const [row] = await tx
    .update(applications)
    .set({
      status,
      sessionId: null,
      attendance: null,
      attendanceAt: null,
      calendarSequence: sql`${applications.calendarSequence} + 1`,
      ...(reviewedBy !== undefined ? { reviewedBy, reviewedAt: sql`now()` } : {}),
    })
    .where(eq(applications.id, application.id))
    .returning();
  if (!row) throw new Error('UPDATE of a locked application answered no row');
  await disarmReminders(tx, application.id);
  return row;
}

/** Leaves the waitlist (withdrawn, declined, booked): the entry is closed with `status`. */
export async function closeWaitlistEntry(
  tx: DbOrTx,
  applicationId: string,
  status: 'booked' | 'left',
): Promise<{ wasOffered: boolean }> {
  const entry = await activeWaitlistEntry(tx, applicationId);
  if (!entry) return { wasOffered: false };
  await setWaitlistStatus(tx, entry.id, { status });
  return { wasOffered: entry.status === 'offered' };
}

/**
 * Offers every free seat of the study's upcoming sessions to the first in line, each held
 * for two hours (or until the session starts, if sooner), never past the study's size.
 * Called after anything that frees or adds a seat, and when an offer runs out.
 */
export async function offerFreeSeats(
  tx: DbOrTx,
  ctx: NoticeContext,
  study: StudyRow,
): Promise<number> {
  if (study.status !== 'active') return 0;
  const now = ctx.now();
  const upcoming = await lockUpcomingSessions(tx, study.id, now);
  if (upcoming.length === 0) return 0;
  let studyRoom = await studyRoomLeft(tx, study, now);
  let offered = 0;
  for (const session of upcoming) {
    if (studyRoom <= 0) break;
    const counts = await sessionCounts(tx, session.id, now);
    const free = Math.min(session.capacity - counts.booked - counts.held, studyRoom);
    if (free <= 0) continue;
    const line = await firstInLine(tx, study.id, free);
    for (const { entry, participantId } of line) {
      const expires = new Date(Math.min(now.getTime() + OFFER_HOLD_MS, session.startsAt.getTime()));
      await setWaitlistStatus(tx, entry.id, {
        status: 'offered',
        offeredSessionId: session.id,
        offerExpiresAt: expires,
      });
      const person = await findPerson(tx, participantId);
      if (person)
        await notifyBooking(tx, ctx, 'seat-offered', {
          person,
          studyTitle: study.title,
          session,
          applicationId: entry.applicationId,
          sequence: 0,
          offerExpiresAt: expires,
        });
      offered += 1;
      studyRoom -= 1;
    }
  }
  return offered;
}

/**
 * Places left in the study once running offers are counted as taken, but the one made to
 * `exceptOfferTo` (who may take their own held place).
 */
export async function studyRoomLeft(
  tx: DbOrTx,
  study: StudyRow,
  now: Date,
  exceptOfferTo?: string,
): Promise<number> {
  const [row] = await tx
    .select({
      taken: placesTakenIn(study.id),
      held: sql<number>`(SELECT count(*)::int FROM ${waitlistEntries} WHERE ${waitlistEntries.testId} = ${study.id} AND ${waitlistEntries.status} = 'offered' AND ${waitlistEntries.offerExpiresAt} > ${now}${exceptOfferTo ? sql` AND ${waitlistEntries.applicationId} <> ${exceptOfferTo}` : sql``})`,
    })
    .from(sql`(SELECT 1) AS one`);
  const taken = Number(row?.taken ?? 0) + Number(row?.held ?? 0);
  return placesLeft({ maxParticipants: study.maxParticipants, currentParticipants: taken });
}

/** After a seat moved: the study's count of places taken, then the line. */
export async function seatsChanged(tx: DbOrTx, ctx: NoticeContext, study: StudyRow): Promise<void> {
  await refreshPlacesTaken(tx, study.id);
  await offerFreeSeats(tx, ctx, study);
}

/**
 * Deleting a participant (decisions.md section 5) takes their applications with them by
 * the foreign keys: their seats and places free, their place in any line goes. Call this
 * before the delete: it locks, in id order, the studies they applied to (the lock every
 * writer of seats takes first), and answers the step to run after the delete, which
 * recounts each study's places and offers the freed seats to the line.
 */
export async function lockStudiesOfParticipant(
  tx: DbOrTx,
  participantId: string,
): Promise<{ afterDelete(ctx?: NoticeContext): Promise<void> }> {
  const locked = await tx
    .select()
    .from(studies)
    .where(
      inArray(
        studies.id,
        tx
          .select({ id: applications.testId })
          .from(applications)
          .where(eq(applications.participantId, participantId)),
      ),
    )
    .orderBy(asc(studies.id))
    .for('update');
  return {
    async afterDelete(ctx) {
      for (const study of locked) {
        if (ctx) await seatsChanged(tx, ctx, study);
        else await refreshPlacesTaken(tx, study.id);
      }
    },
  };
}
