import type { AdminApplication, Application } from '../../../shared/schemas/applications';
import type { StudyRow } from '../studies/studies.repo';
import { toReliability } from '../../../shared/rules/reliability';
import { toBookedSession } from '../sessions/booking-view';
import type { AdminApplicationRow, ApplicationRow, OwnApplicationRow } from './applications.repo';

/** What rides on an application beside its own columns: the booked session and the place in line. */
export type ApplicationExtras = Pick<Application, 'session' | 'waitlist'>;
const noExtras: ApplicationExtras = { session: null, waitlist: null };

export function toApplication(
  row: ApplicationRow,
  study: StudyRow,
  extras: ApplicationExtras = noExtras,
): Application {
  return {
    id: row.id,
    participantId: row.participantId,
    testId: row.testId,
    status: row.status,
    screening: row.screening,
    answers: row.answers ?? null,
    feedback: row.feedback,
    rating: row.rating,
    hoursWorked: row.hoursWorked,
    appliedAt: row.appliedAt.toISOString(),
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    session: extras.session,
    attendance: row.attendance,
    waitlist: extras.waitlist,
    test: {
      id: study.id,
      title: study.title,
      payRate: study.payRate,
      duration: study.duration,
      status: study.status,
      startDate: study.startDate,
      endDate: study.endDate,
      company: study.company,
    },
  };
}

/** The session and place in line as the participant's own list joins them. */
export function ownApplication(r: OwnApplicationRow): Application {
  return toApplication(r.application, r.study, {
    session: r.session ? toBookedSession(r.session) : null,
    waitlist: r.waitlist
      ? {
          status: r.waitlist.status,
          position: r.waitlistPosition === null ? null : Number(r.waitlistPosition),
          offeredSessionId: r.waitlist.offeredSessionId,
          offerExpiresAt: r.waitlist.offerExpiresAt?.toISOString() ?? null,
        }
      : null,
  });
}

export function toAdminApplication(r: AdminApplicationRow, noShowLimit: number): AdminApplication {
  const base = toApplication(r.application, r.study, {
    session: r.session ? toBookedSession(r.session) : null,
    waitlist: null,
  });
  const p = r.participant;
  return {
    ...base,
    participant:
      p?.id != null
        ? {
            id: p.id,
            firstName: p.firstName ?? '',
            lastName: p.lastName ?? '',
            email: p.email ?? '',
            phone: p.phone ?? '',
            reliability: toReliability(
              Number(r.completedCount),
              Number(r.noShowCount),
              noShowLimit,
            ),
          }
        : null,
    test: {
      ...base.test,
      maxParticipants: r.study.maxParticipants,
      scheduledCount: Number(r.scheduledCount),
      currentParticipants: r.study.currentParticipants,
    },
  };
}
