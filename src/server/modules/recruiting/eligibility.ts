import { eligibility, type Verdict } from '../../../shared/rules/eligibility';
import type { StoredCriteria } from '../../../shared/schemas/recruiting';
import type { EligibilitySubject } from './eligibility.repo';

/**
 * The one-person verdict for a participant as eligibility.repo reads them: blocked and
 * inactive participants are never eligible, and no profile field would change that.
 */
export function verdictFor(
  subject: EligibilitySubject,
  criteria: StoredCriteria,
  today: string,
): Verdict {
  if (subject.blocked || !subject.active) return { eligible: false, missing: [], excluded: false };
  return eligibility(criteria, subject.profile, subject.history, today);
}
