import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Stats } from '@/shared/schemas/stats';

export const statsQueryKey = ['/api/stats'] as const;

/** Spec section 9: the landing figures are fetched again every 30 seconds. */
export const STATS_REFETCH_INTERVAL_MS = 30_000;

/**
 * What GET /api/stats may answer. Read without zod (it would add its weight to the
 * home page's first load): the figures are checked one by one where they are shown.
 */
export type StatsAnswer = Partial<Record<keyof Stats, unknown>> | null;

/** GET /api/stats: the public figures (plus the admin ones for an admin session). */
export async function getStats(): Promise<StatsAnswer> {
  const response = await apiRequest('GET', statsQueryKey[0]);
  const body: unknown = await response.json();
  return body && typeof body === 'object' ? (body as StatsAnswer) : null;
}

export function statsQueryOptions() {
  return queryOptions({ queryKey: statsQueryKey, queryFn: getStats });
}

/** The landing figures, polled (this query only; the app's default is no polling). */
export function usePublicStats() {
  return useQuery({ ...statsQueryOptions(), refetchInterval: STATS_REFETCH_INTERVAL_MS });
}
