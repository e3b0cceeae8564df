import type { StoredCriteria } from '../schemas/recruiting';

/**
 * Whether a participant fits a study's criteria (decisions.md section 10): every criterion
 * set must be met, and a criterion whose profile field is empty is not met. The server asks
 * the same question in SQL for many participants at once (recruiting/eligibility.repo.ts);
 * this is the one-person form, for the participant's own list and the tests that hold the
 * two to the same answers.
 */

export type EligibilityProfile = {
  dateOfBirth: string | null;
  gender: string | null;
  county: string | null;
  employment: string | null;
  incomeBand: string | null;
  languages: readonly string[];
  devices: readonly string[];
};

export type Verdict =
  /** Every criterion met. */
  | { eligible: true }
  /** `missing`: the profile fields whose emptiness alone fails a criterion (filling them may help). */
  | { eligible: false; missing: (keyof EligibilityProfile)[]; excluded: boolean };

/** Whole years from `dateOfBirth` (YYYY-MM-DD) to `today` (YYYY-MM-DD, in Nairobi). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Today's date in Nairobi (EAT, UTC+3 all year), as YYYY-MM-DD. */
export function nairobiToday(now: Date): string {
  return new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The verdict for one person. `history`: the ids and tags of the studies they were
 * scheduled in or completed (for `excludeStudies` and `excludeTags`).
 */
export function eligibility(
  criteria: StoredCriteria,
  person: EligibilityProfile,
  history: { studyIds: readonly string[]; tags: readonly string[] },
  today: string,
): Verdict {
  const missing = new Set<keyof EligibilityProfile>();
  let failed = false;
  const one = (
    field: 'gender' | 'county' | 'employment' | 'incomeBand',
    allowed: readonly string[],
  ) => {
    if (allowed.length === 0) return;
    const value = person[field];
    if (value === null) missing.add(field);
    else if (!allowed.includes(value)) failed = true;
  };
  const any = (field: 'languages' | 'devices', allowed: readonly string[]) => {
    if (allowed.length === 0) return;
    const values = person[field];
    if (values.length === 0) missing.add(field);
    else if (!values.some((v) => allowed.includes(v))) failed = true;
  };
  if (criteria.ageMin !== undefined || criteria.ageMax !== undefined) {
    if (person.dateOfBirth === null) missing.add('dateOfBirth');
    else {
      const age = ageOn(person.dateOfBirth, today);
      if (
        (criteria.ageMin !== undefined && age < criteria.ageMin) ||
        (criteria.ageMax !== undefined && age > criteria.ageMax)
      )
        failed = true;
    }
  }
  one('gender', criteria.genders);
  one('county', criteria.counties);
  one('employment', criteria.employment);
  one('incomeBand', criteria.incomeBands);
  any('languages', criteria.languages);
  any('devices', criteria.devices);
  const excluded =
    criteria.excludeStudies.some((id) => history.studyIds.includes(id)) ||
    criteria.excludeTags.some((tag) => history.tags.includes(tag));
  if (!failed && !excluded && missing.size === 0) return { eligible: true };
  // Filling the profile helps only when nothing else fails.
  return { eligible: false, missing: failed || excluded ? [] : [...missing], excluded };
}
