import { kenyanCounties } from '@/shared/schemas/recruiting';

const squeeze = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

/**
 * A county typed as people type it ("nairobi", "Muranga", "tharaka nithi") in the First
 * Schedule's own spelling; anything else as typed (trimmed), for the form's check to refuse.
 */
export function canonicalCounty(typed: string): string {
  const wanted = squeeze(typed);
  return kenyanCounties.find((c) => squeeze(c) === wanted) ?? typed.trim();
}

/** Whether the text is a whole county name, however written (then it takes its spelling). */
export function isWholeCountyName(typed: string): boolean {
  const wanted = squeeze(typed);
  return wanted !== '' && kenyanCounties.some((c) => squeeze(c) === wanted);
}
