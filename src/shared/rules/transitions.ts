import type { ApplicationStatus, PaymentStatus, RequestStatus } from '../schemas/options';

/** decisions.md section 5. A move not listed here is refused (409). */
export const applicationTransitions: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  interested: ['screening', 'selected', 'scheduled', 'declined', 'disqualified'],
  screening: ['selected', 'scheduled', 'declined', 'disqualified'],
  selected: ['scheduled', 'declined'],
  scheduled: ['completed', 'declined'],
  completed: [],
  declined: [],
  disqualified: [],
};

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
