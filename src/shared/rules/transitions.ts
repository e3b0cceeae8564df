import type { ApplicationStatus, PaymentStatus, RequestStatus } from '../schemas/options';

/**
 * The moves of the status route (decisions.md sections 5 and 9); any other is refused (409).
 * scheduled -> selected frees the booked seat. Withdrawing (participant, withdraw route) and
 * no_show (attendance route) have their own routes and are not moves of this table.
 */
export const applicationTransitions: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  interested: ['screening', 'selected', 'scheduled', 'declined', 'disqualified'],
  screening: ['selected', 'scheduled', 'declined', 'disqualified'],
  selected: ['scheduled', 'declined'],
  scheduled: ['completed', 'declined', 'selected'],
  completed: [],
  declined: [],
  disqualified: [],
  withdrawn: [],
  no_show: [],
};

/** Final application states: nothing moves them again (decisions.md section 9). */
export const FINAL_APPLICATION_STATUSES = [
  'completed',
  'declined',
  'disqualified',
  'withdrawn',
  'no_show',
] as const satisfies readonly ApplicationStatus[];

export function isFinalApplication(status: ApplicationStatus): boolean {
  return (FINAL_APPLICATION_STATUSES as readonly ApplicationStatus[]).includes(status);
}

export const paymentTransitions: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['processing', 'failed'],
  processing: ['completed', 'failed'],
  failed: ['pending'],
  completed: ['refunded'],
  refunded: [],
};

export const requestTransitions: Record<RequestStatus, readonly RequestStatus[]> = {
  new: ['contacted', 'in-progress'],
  contacted: ['in-progress'],
  'in-progress': ['closed'],
  closed: [],
};

export function canMove<S extends string>(table: Record<S, readonly S[]>, from: S, to: S): boolean {
  return table[from]?.includes(to) ?? false;
}
