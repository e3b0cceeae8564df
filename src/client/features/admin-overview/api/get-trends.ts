import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { StatsTrends } from '@/shared/schemas/stats';
import { OVERVIEW_REFETCH_MS } from './get-admin-stats';

export const trendsQueryKey = ['/api/stats/trends'] as const;

/** GET /api/stats/trends (admins): the weekly series of the Overview charts. */
export async function getTrends(signal?: AbortSignal): Promise<StatsTrends> {
  const response = await apiRequest('GET', trendsQueryKey[0], undefined, signal);
  return (await response.json()) as StatsTrends;
}

export function trendsQueryOptions() {
  return queryOptions({
    queryKey: trendsQueryKey,
    queryFn: ({ signal }) => getTrends(signal),
    refetchInterval: OVERVIEW_REFETCH_MS,
    staleTime: OVERVIEW_REFETCH_MS,
  });
}

export function useTrends() {
  return useQuery(trendsQueryOptions());
}
