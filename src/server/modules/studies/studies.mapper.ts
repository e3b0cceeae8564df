import { publicScreener } from '../../../shared/schemas/recruiting';
import type { Study } from '../../../shared/schemas/studies';
import { NO_PAYMENTS, type PaymentSummary, type StudyRow } from './studies.repo';

export function toStudy(row: StudyRow): Study {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    payRate: row.payRate,
    duration: row.duration,
    maxParticipants: row.maxParticipants,
    currentParticipants: row.currentParticipants,
    startDate: row.startDate,
    endDate: row.endDate,
    tags: row.tags,
    company: row.company,
    requirements: row.requirements,
    status: row.status,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // Participants and visitors never learn which answers qualify (decisions.md section 10).
    screener: publicScreener(row.screener),
  };
}

/** A study as staff see it: with its payments, which decide whether it can be deleted. */
export function toAdminStudy(row: StudyRow, summary: PaymentSummary = NO_PAYMENTS): Study {
  return {
    ...toStudy(row),
    paymentCount: summary.paymentCount,
    paidOut: summary.paidOut,
    owed: summary.owed,
    criteria: row.criteria,
    screener: row.screener,
  };
}
