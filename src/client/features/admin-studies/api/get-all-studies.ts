import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Study } from '@/shared/schemas/studies';

/**
 * Every study query starts with '/api/tests', so invalidating `studiesRootKey`
 * refreshes this list and any open study page after a change.
 */
export const studiesRootKey = ['/api/tests'] as const;
export const allStudiesQueryKey = [...studiesRootKey, 'all'] as const;

/** GET /api/tests as an admin: studies of every status, newest first. */
export async function getAllStudies(signal?: AbortSignal): Promise<{ tests: Study[] }> {
  const response = await apiRequest('GET', studiesRootKey[0], undefined, signal);
  return (await response.json()) as { tests: Study[] };
}

export function allStudiesQueryOptions() {
  return queryOptions({
    queryKey: allStudiesQueryKey,
    queryFn: ({ signal }) => getAllStudies(signal),
  });
}

export function useAllStudies() {
  return useQuery(allStudiesQueryOptions());
}
