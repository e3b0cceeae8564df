import type { ApplicationStatus } from '../schemas/options';

/**
 * The applications that hold a place in a study (decisions.md section 5): a completed
 * participant keeps theirs, so a study cannot be refilled past its size; declining a
 * scheduled one frees it. The server's SQL count is built from this list.
 */
export const PLACE_TAKING_STATUSES = [
  'scheduled',
  'completed',
] as const satisfies readonly ApplicationStatus[];

export function takesPlace(status: ApplicationStatus): boolean {
  return (PLACE_TAKING_STATUSES as readonly ApplicationStatus[]).includes(status);
}

/** Places taken, from a count of applications per status. */
export function placesTaken(counts: Partial<Record<ApplicationStatus, number>>): number {
  return PLACE_TAKING_STATUSES.reduce((taken, status) => taken + (counts[status] ?? 0), 0);
}

/** Open places; never below zero (a study shrunk under its participants has none). */
export function placesLeft(study: { maxParticipants: number; currentParticipants: number }) {
  return Math.max(study.maxParticipants - study.currentParticipants, 0);
}

/** True when a study has no place left to schedule someone: the server answers 409 "Study is full". */
export function isStudyFull(study: { maxParticipants: number; currentParticipants: number }) {
  return placesLeft(study) === 0;
}
