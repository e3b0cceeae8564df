import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson, withQuery } from '@/client/lib/api';
import type { AdminApplication, Application } from '@/shared/schemas/applications';
import { LIST_PAGE_SIZE, usePagedList } from '../paged-list';
import { REFRESH_EVERY_MS } from '../refresh';
import { type AdminApplicationFilters, applicationKeys } from './keys';

type ApplicationsAnswer<A> = { applications: A[]; nextCursor?: string | null; total?: number };

/**
 * GET /api/applications?status=&testId=&search=&answer=&limit=&cursor=: a participant's own
 * applications, or for an admin every application with its person, newest first.
 */
export function getApplications<A extends Application = AdminApplication>(
  query: AdminApplicationFilters & { limit?: number; cursor?: string | undefined } = {},
  signal?: AbortSignal,
): Promise<ApplicationsAnswer<A>> {
  return apiJson('GET', withQuery(applicationKeys.path, query), undefined, signal);
}

export function applicationsQueryOptions() {
  return queryOptions({
    queryKey: applicationKeys.mine,
    queryFn: ({ signal }) => getApplications<Application>({}, signal),
  });
}

/** The signed-in participant's applications, each with its study summarised. */
export function useApplications() {
  return useQuery(applicationsQueryOptions());
}

/** Spec section 9: Recent Activity shows the 5 latest applications. */
export const RECENT_APPLICATIONS = 5;

export function useRecentApplications() {
  return useQuery(
    queryOptions({
      queryKey: applicationKeys.recent(RECENT_APPLICATIONS),
      queryFn: async ({ signal }) => {
        const answer = await getApplications({ limit: RECENT_APPLICATIONS }, signal);
        return answer.applications.slice(0, RECENT_APPLICATIONS);
      },
      refetchInterval: REFRESH_EVERY_MS,
      staleTime: REFRESH_EVERY_MS,
    }),
  );
}

/** The admin Applications tab, page by page. */
export function useAdminApplications(filters: AdminApplicationFilters) {
  return usePagedList({
    queryKey: applicationKeys.adminList(filters),
    fetchPage: (cursor, signal) =>
      getApplications({ ...filters, limit: LIST_PAGE_SIZE, cursor }, signal),
    itemsOf: (answer) => answer.applications,
  });
}

/** The server's largest page; a study's applications are read page by page up to the end. */
const STUDY_PAGE_SIZE = 200;

/**
 * Every application of one study, with the person: the figures (capacity, paid out,
 * status breakdown) need all of them, not a page.
 */
export async function getStudyApplications(
  testId: string,
  signal?: AbortSignal,
): Promise<AdminApplication[]> {
  const all: AdminApplication[] = [];
  let cursor: string | null | undefined;
  do {
    const page = await getApplications(
      { testId, limit: STUDY_PAGE_SIZE, cursor: cursor ?? undefined },
      signal,
    );
    all.push(...page.applications);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

export function useStudyApplications(testId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: applicationKeys.ofStudy(testId),
    queryFn: ({ signal }) => getStudyApplications(testId, signal),
    enabled: options.enabled ?? true,
  });
}
