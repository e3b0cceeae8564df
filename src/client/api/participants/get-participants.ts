import { apiJson, withQuery } from '@/client/lib/api';
import type { AdminParticipant } from '@/shared/schemas/participants';
import { LIST_PAGE_SIZE, usePagedList } from '../paged-list';
import { participantKeys } from './keys';

type ParticipantsAnswer = {
  participants: AdminParticipant[];
  nextCursor?: string | null;
  total?: number;
};

/**
 * GET /api/participants?search=&limit=&cursor=: newest first, searched on the server
 * (name, e-mail, phone, location), `total` counting every match.
 */
export function getParticipants(
  query: { search?: string | undefined; limit?: number; cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<ParticipantsAnswer> {
  return apiJson('GET', withQuery(participantKeys.path, query), undefined, signal);
}

export function useParticipants(search: string) {
  const term = search.trim() || undefined;
  return usePagedList({
    queryKey: participantKeys.list(term),
    fetchPage: (cursor, signal) =>
      getParticipants({ search: term, limit: LIST_PAGE_SIZE, cursor }, signal),
    itemsOf: (answer) => answer.participants,
  });
}

/** GET /api/participants/export.csv, of the same matches as the list when searching. */
export function participantsCsvUrl(search: string): string {
  const term = search.trim();
  const url = `${participantKeys.path}/export.csv`;
  return term ? `${url}?search=${encodeURIComponent(term)}` : url;
}
