import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { StatsTrends } from '@/shared/schemas/stats';
import { REFRESH_EVERY_MS } from '../refresh';
import { statsKeys } from './keys';

/** GET /api/stats/trends (admins): the weekly series of the Overview charts. */
export function getTrends(signal?: AbortSignal): Promise<StatsTrends> {
  return apiJson<StatsTrends>('GET', statsKeys.trends[0], undefined, signal);
}

export function useTrends() {
  return useQuery(
    queryOptions({
      queryKey: statsKeys.trends,
      queryFn: ({ signal }) => getTrends(signal),
      refetchInterval: REFRESH_EVERY_MS,
      staleTime: REFRESH_EVERY_MS,
    }),
  );
}
