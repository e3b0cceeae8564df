import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson, withQuery } from '@/client/lib/api';
import type { CriteriaInput, Matches } from '@/shared/schemas/recruiting';
import { studyKeys, studyUrl } from './keys';

/**
 * GET /api/tests/{id}/matches: `{ total, invitable }`, the eligible participants who have not
 * applied and, of them, those opted in and outside the contact cooldown. With `criteria`
 * (a draft being edited, sent as JSON) the count is of those criteria instead of the stored ones.
 */
export function getMatches(
  id: string,
  criteria?: CriteriaInput,
  signal?: AbortSignal,
): Promise<Matches> {
  const url = withQuery(`${studyUrl(id)}/matches`, {
    criteria: criteria ? JSON.stringify(criteria) : undefined,
  });
  return apiJson('GET', url, undefined, signal);
}

export function matchesQueryOptions(id: string, criteria?: CriteriaInput) {
  return queryOptions({
    queryKey: studyKeys.matches(id, criteria),
    queryFn: ({ signal }) => getMatches(id, criteria, signal),
    // A count a moment old is still right enough; typing must not flash an empty figure.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** The study's matches; `criteria` counts a draft of its criteria (the edit dialog). */
export function useMatches(
  id: string | undefined,
  criteria?: CriteriaInput,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    ...matchesQueryOptions(id ?? '', criteria),
    enabled: id !== undefined && (options.enabled ?? true),
  });
}
