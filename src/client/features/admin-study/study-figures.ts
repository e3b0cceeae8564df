import { studyPayCents, toCents } from '@/shared/rules/money';
import { isStudyFull, placesTaken } from '@/shared/rules/capacity';
import { type ApplicationStatus, applicationStatuses } from '@/shared/schemas/options';
import type { Study } from '@/shared/schemas/studies';

export type StudyFigures = {
  /** Pay for one participant: pay rate x duration (spec section 9). */
  paymentCents: bigint;
  /** maxParticipants x payment. */
  totalBudgetCents: bigint;
  /**
   * The study's completed payments (the admin view's `paidOut`): money that has left, not
   * the pending payment a completion creates.
   */
  paidOutCents: bigint;
  /**
   * The study's owed payments (the admin view's `owed`: pending, processing or failed):
   * completed participants not yet paid.
   */
  owedCents: bigint;
  /** Total budget minus paid out. */
  remainingCents: bigint;
  counts: Record<ApplicationStatus, number>;
  /** Places taken, as the server counts them before scheduling (shared/rules/capacity.ts). */
  taken: number;
  /** No place left to schedule anyone (the server answers 409 "Study is full"). */
  full: boolean;
  /** Share of places taken, 0 to 100. */
  capacityPercent: number;
};

/** The study page's money and capacity figures, in exact cents (never a float sum). */
export function studyFigures(
  study: Pick<Study, 'payRate' | 'duration' | 'maxParticipants' | 'paidOut' | 'owed'>,
  applications: readonly { status: ApplicationStatus }[],
): StudyFigures {
  const counts = Object.fromEntries(applicationStatuses.map((s) => [s, 0])) as Record<
    ApplicationStatus,
    number
  >;
  for (const application of applications) counts[application.status] += 1;

  const paymentCents = studyPayCents(study.payRate, study.duration);
  const totalBudgetCents = BigInt(study.maxParticipants) * paymentCents;
  const paidOutCents = study.paidOut === undefined ? 0n : toCents(study.paidOut);
  const owedCents = study.owed === undefined ? 0n : toCents(study.owed);
  const taken = placesTaken(counts);
  return {
    paymentCents,
    totalBudgetCents,
    paidOutCents,
    owedCents,
    remainingCents: totalBudgetCents - paidOutCents,
    counts,
    taken,
    full: isStudyFull({ maxParticipants: study.maxParticipants, currentParticipants: taken }),
    capacityPercent:
      study.maxParticipants > 0
        ? Math.min(100, Math.round((taken / study.maxParticipants) * 100))
        : 0,
  };
}
