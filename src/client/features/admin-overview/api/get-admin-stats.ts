import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Stats } from '@/shared/schemas/stats';

/** Spec section 9: the figures are fetched again every 30 seconds. */
export const OVERVIEW_REFETCH_MS = 30_000;

// Under '/api/stats' (invalidating that refreshes it too), but apart from the public
// figures the landing strip caches: an admin's answer carries more fields.
export const adminStatsQueryKey = ['/api/stats', 'admin'] as const;

/** GET /api/stats with the admin session: the public figures plus the admin ones. */
export async function getAdminStats(signal?: AbortSignal): Promise<Stats> {
  const response = await apiRequest('GET', '/api/stats', undefined, signal);
  return (await response.json()) as Stats;
}

export function adminStatsQueryOptions() {
  return queryOptions({
    queryKey: adminStatsQueryKey,
    queryFn: ({ signal }) => getAdminStats(signal),
    refetchInterval: OVERVIEW_REFETCH_MS,
    staleTime: OVERVIEW_REFETCH_MS,
  });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
