import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Study } from '@/shared/schemas/studies';

export const studiesQueryKey = ['/api/tests'] as const;

/** GET /api/tests: the active studies (wire name "tests"), newest first. */
export async function getStudies(): Promise<{ tests: Study[] }> {
  const response = await apiRequest('GET', studiesQueryKey[0]);
  return (await response.json()) as { tests: Study[] };
}

export function studiesQueryOptions() {
  return queryOptions({ queryKey: studiesQueryKey, queryFn: getStudies });
}

export function useStudies() {
  return useQuery(studiesQueryOptions());
}
