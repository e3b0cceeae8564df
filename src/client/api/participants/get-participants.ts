import { apiJson, withQuery } from '@/client/lib/api';
import type { AdminParticipant } from '@/shared/schemas/participants';
import type { participantFilterSchema } from '@/shared/schemas/recruiting';
import type { z } from 'zod';
import { LIST_PAGE_SIZE, usePagedList } from '../paged-list';
import { participantKeys } from './keys';

type ParticipantsAnswer = {
  participants: AdminParticipant[];
  nextCursor?: string | null;
  total?: number;
  /** `total` is a rounded estimate: too many to count at once (decision 037). */
  totalEstimated?: boolean;
};

/**
 * The participants tab's filters as the query string carries them (participantFilterSchema):
 * one value per profile field, "true"/"false" for the flags, ages as typed.
 */
export type ParticipantFilters = Partial<
  Record<keyof z.input<typeof participantFilterSchema>, string>
>;

/**
 * GET /api/participants?search=&…filters&limit=&cursor=: newest first, searched and filtered
 * on the server (name, e-mail, phone, location; every profile field), `total` counting every
 * match (estimated above 10,000, or when counting would be slow: `totalEstimated`).
 */
export function getParticipants(
  query: ParticipantFilters & {
    search?: string | undefined;
    limit?: number;
    cursor?: string | undefined;
  },
  signal?: AbortSignal,
): Promise<ParticipantsAnswer> {
  return apiJson('GET', withQuery(participantKeys.path, query), undefined, signal);
}

export function useParticipants(search: string, filters: ParticipantFilters = {}) {
  const term = search.trim() || undefined;
  return usePagedList({
    queryKey: participantKeys.filtered(term, filters),
    fetchPage: (cursor, signal) =>
      getParticipants({ ...filters, search: term, limit: LIST_PAGE_SIZE, cursor }, signal),
    itemsOf: (answer) => answer.participants,
  });
}

/** GET /api/participants/export.csv, of the same matches as the list (search and filters). */
export function participantsCsvUrl(search: string, filters: ParticipantFilters = {}): string {
  return withQuery(`${participantKeys.path}/export.csv`, {
    ...filters,
    search: search.trim() || undefined,
  });
}
