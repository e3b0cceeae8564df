import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { AdminApplication } from '@/shared/schemas/applications';

/** The server's largest page; a study's applications are read page by page up to the end. */
export const PAGE_SIZE = 200;

/**
 * Starts with '/api/applications', so a status change made anywhere (which invalidates
 * that prefix) refreshes the study page's lists and figures.
 */
export const studyApplicationsQueryKey = (testId: string) =>
  ['/api/applications', { testId, all: true }] as const;

type Page = { applications: AdminApplication[]; nextCursor?: string | null };

/**
 * Every application of one study (GET /api/applications?testId=), with the person:
 * the figures (capacity, paid out, status breakdown) need all of them, not a page.
 */
export async function getStudyApplications(
  testId: string,
  signal?: AbortSignal,
): Promise<AdminApplication[]> {
  const all: AdminApplication[] = [];
  let cursor: string | null | undefined;
  do {
    const query = new URLSearchParams({ testId, limit: String(PAGE_SIZE) });
    if (cursor) query.set('cursor', cursor);
    const response = await apiRequest('GET', `/api/applications?${query}`, undefined, signal);
    const page = (await response.json()) as Page;
    all.push(...page.applications);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

export function studyApplicationsQueryOptions(testId: string) {
  return queryOptions({
    queryKey: studyApplicationsQueryKey(testId),
    queryFn: ({ signal }) => getStudyApplications(testId, signal),
  });
}

export function useStudyApplications(testId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...studyApplicationsQueryOptions(testId), enabled: options.enabled ?? true });
}
