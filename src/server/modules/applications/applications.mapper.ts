import type { AdminApplication, Application } from '../../../shared/schemas/applications';
import type { StudyRow } from '../studies/studies.repo';
import type { AdminApplicationRow, ApplicationRow } from './applications.repo';

export function toApplication(row: ApplicationRow, study: StudyRow): Application {
  return {
    id: row.id,
    participantId: row.participantId,
    testId: row.testId,
    status: row.status,
    screening: row.screening,
    feedback: row.feedback,
    rating: row.rating,
    hoursWorked: row.hoursWorked,
    appliedAt: row.appliedAt.toISOString(),
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
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

export function toAdminApplication(r: AdminApplicationRow): AdminApplication {
  const base = toApplication(r.application, r.study);
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
