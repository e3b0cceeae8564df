import type { Participant } from '@/shared/schemas/participants';

/** "Jane Doe", or the e-mail when both names are empty. */
export function fullNameOf(p: Pick<Participant, 'firstName' | 'lastName' | 'email'>): string {
  return `${p.firstName} ${p.lastName}`.trim() || p.email;
}

/** Uppercase initials of the names; the e-mail's first letter without them. */
export function initialsOf(p: Pick<Participant, 'firstName' | 'lastName' | 'email'>): string {
  const first = (s: string) => s.trim().charAt(0);
  return (`${first(p.firstName)}${first(p.lastName)}` || first(p.email)).toUpperCase();
}
