import { usePagedList } from '@/client/lib/use-paged-list';
import type { Participant } from '@/shared/schemas/participants';

/** The list's path; every query of it (any search, any page) starts its key with this. */
export const participantsPath = '/api/participants';
export const PARTICIPANTS_PAGE_SIZE = 50;

/**
 * GET /api/participants?search=&limit=&cursor=: newest first, searched on the server
 * (name, e-mail, phone, location), `total` counting every match.
 */
export function useParticipants(search: string) {
  return usePagedList<Participant>(
    participantsPath,
    'participants',
    { search: search.trim() || undefined },
    PARTICIPANTS_PAGE_SIZE,
  );
}

/** GET /api/participants/export.csv, of the same matches as the list when searching. */
export function participantsCsvUrl(search: string): string {
  const term = search.trim();
  return term
    ? `${participantsPath}/export.csv?search=${encodeURIComponent(term)}`
    : `${participantsPath}/export.csv`;
}
