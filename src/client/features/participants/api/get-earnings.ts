import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Earnings } from '@/shared/schemas/participants';

export const earningsQueryKey = ['/api/me/earnings'] as const;

/** GET /api/me/earnings: the signed-in participant's totals, decimal strings in KES. */
export async function getEarnings(): Promise<{ earnings: Earnings }> {
  const response = await apiRequest('GET', earningsQueryKey[0]);
  return (await response.json()) as { earnings: Earnings };
}

export function earningsQueryOptions() {
  return queryOptions({ queryKey: earningsQueryKey, queryFn: getEarnings });
}

export function useEarnings() {
  return useQuery(earningsQueryOptions());
}
