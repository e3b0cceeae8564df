/** The six fields whose share is the profile completion (spec section 4). */
export const PROFILE_COMPLETION_FIELDS = [
  'profilePhoto',
  'location',
  'age',
  'occupation',
  'dateOfBirth',
  'education',
] as const;

type ProfileFields = Partial<Record<(typeof PROFILE_COMPLETION_FIELDS)[number], string | null>>;

/** Percentage of the six fields filled, rounded. */
export function profileCompletion(profile: ProfileFields): number {
  const filled = PROFILE_COMPLETION_FIELDS.filter((f) => {
    const value = profile[f];
    return typeof value === 'string' && value.trim() !== '';
  }).length;
  return Math.round((filled / PROFILE_COMPLETION_FIELDS.length) * 100);
}

/** The band of a share filled (spec section 4); each band has its message in the catalogue. */
export type ProfileCompletionBand = 'complete' | 'almost' | 'progress' | 'keepGoing' | 'start';

export function profileCompletionBand(percent: number): ProfileCompletionBand {
  if (percent >= 100) return 'complete';
  if (percent >= 80) return 'almost';
  if (percent >= 60) return 'progress';
  if (percent >= 40) return 'keepGoing';
  return 'start';
}

/** Whole years between a YYYY-MM-DD birth date and `today` (UTC dates). */
export function ageFromDateOfBirth(dateOfBirth: string, today: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * The research profile's fields (decisions.md section 10, decision 036): a completeness of
 * its own, apart from the six above. "Prefer not to say" is an answer; a list counts once
 * it has one entry.
 */
export const RESEARCH_PROFILE_FIELDS = [
  'dateOfBirth',
  'gender',
  'county',
  'town',
  'employment',
  'occupation',
  'education',
  'incomeBand',
  'languages',
  'devices',
  'mobileMoney',
  'internetAccess',
] as const;
export type ResearchProfileField = (typeof RESEARCH_PROFILE_FIELDS)[number];

type ResearchProfileValues = Partial<
  Record<ResearchProfileField, string | readonly string[] | null | undefined>
>;

const answered = (value: string | readonly string[] | null | undefined) =>
  typeof value === 'string' ? value.trim() !== '' : Array.isArray(value) && value.length > 0;

/** How many of the research profile's fields are answered, of how many, and which are not. */
export function researchProfileCompletion(profile: ResearchProfileValues): {
  answered: number;
  total: number;
  percent: number;
  missing: ResearchProfileField[];
} {
  const missing = RESEARCH_PROFILE_FIELDS.filter((f) => !answered(profile[f]));
  const total = RESEARCH_PROFILE_FIELDS.length;
  const count = total - missing.length;
  return { answered: count, total, percent: Math.round((count / total) * 100), missing };
}
