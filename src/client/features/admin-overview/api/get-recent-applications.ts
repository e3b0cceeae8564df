import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { AdminApplication } from '@/shared/schemas/applications';
import { OVERVIEW_REFETCH_MS } from './get-admin-stats';

/** Spec section 9: Recent Activity shows the 5 latest applications. */
export const RECENT_APPLICATIONS = 5;

// Under '/api/applications', so a status change that invalidates that path refreshes it.
export const recentApplicationsQueryKey = [
  '/api/applications',
  'recent',
  RECENT_APPLICATIONS,
] as const;

/** GET /api/applications?limit=5: the newest applications, each naming its person and study. */
export async function getRecentApplications(signal?: AbortSignal): Promise<AdminApplication[]> {
  const response = await apiRequest(
    'GET',
    `/api/applications?limit=${RECENT_APPLICATIONS}`,
    undefined,
    signal,
  );
  const body = (await response.json()) as { applications: AdminApplication[] };
  return body.applications.slice(0, RECENT_APPLICATIONS);
}

export function recentApplicationsQueryOptions() {
  return queryOptions({
    queryKey: recentApplicationsQueryKey,
    queryFn: ({ signal }) => getRecentApplications(signal),
    refetchInterval: OVERVIEW_REFETCH_MS,
    staleTime: OVERVIEW_REFETCH_MS,
  });
}

export function useRecentApplications() {
  return useQuery(recentApplicationsQueryOptions());
}
