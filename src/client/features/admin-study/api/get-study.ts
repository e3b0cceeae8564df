import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Study } from '@/shared/schemas/studies';

/** Starts with '/api/tests', so a change to any study (which invalidates that prefix) refreshes it. */
export const studyQueryKey = (id: string) => ['/api/tests', id] as const;

/** GET /api/tests/{id}: one study of any status (admins); 404 'Test not found'. */
export async function getStudy(id: string, signal?: AbortSignal): Promise<Study> {
  const response = await apiRequest(
    'GET',
    `/api/tests/${encodeURIComponent(id)}`,
    undefined,
    signal,
  );
  return ((await response.json()) as { test: Study }).test;
}

export function studyQueryOptions(id: string) {
  return queryOptions({
    queryKey: studyQueryKey(id),
    queryFn: ({ signal }) => getStudy(id, signal),
  });
}

export function useStudy(id: string) {
  return useQuery(studyQueryOptions(id));
}
