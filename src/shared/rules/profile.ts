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
