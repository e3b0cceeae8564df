import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { StudyList } from '@/shared/schemas/studies';
import { studyKeys } from './keys';

/**
 * GET /api/tests, newest first: the active studies, or every study for an admin session. A
 * participant gets the studies that fit them, with `hiddenCount` (the active ones not shown)
 * and `hiddenForProfile` (of those, the ones only empty profile fields keep away).
 */
export function getStudies(signal?: AbortSignal): Promise<StudyList> {
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
