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

export function profileCompletionMessage(percent: number): string {
  if (percent >= 100) return 'Profile Complete!';
  if (percent >= 80) return 'Almost there!';
  if (percent >= 60) return 'Making great progress!';
  if (percent >= 40) return 'Keep it up!';
  return "Let's complete your profile!";
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
