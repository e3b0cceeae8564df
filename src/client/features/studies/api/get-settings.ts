import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Settings } from '@/shared/schemas/settings';

export const settingsQueryKey = ['/api/settings'] as const;

/** GET /api/settings: whether studies are open or postponed (anyone may read it). */
export async function getSettings(): Promise<{ settings: Settings }> {
  const response = await apiRequest('GET', settingsQueryKey[0]);
  return (await response.json()) as { settings: Settings };
}

export function settingsQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
