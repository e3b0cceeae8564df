import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Study } from '@/shared/schemas/studies';
import { studyKeys } from './keys';

/** GET /api/tests, newest first: the active studies, or every study for an admin session. */
export function getStudies(signal?: AbortSignal): Promise<{ tests: Study[] }> {
  return apiJson('GET', studyKeys.path, undefined, signal);
}

export function studiesQueryOptions() {
  return queryOptions({ queryKey: studyKeys.active, queryFn: ({ signal }) => getStudies(signal) });
}

/** The participant's list of studies open to apply. */
export function useStudies() {
  return useQuery(studiesQueryOptions());
}

/** Every study, of any status (admins): the Tests tab and the applications' study filter. */
export function useAllStudies() {
  return useQuery(
    queryOptions({ queryKey: studyKeys.everyStatus, queryFn: ({ signal }) => getStudies(signal) }),
  );
}
