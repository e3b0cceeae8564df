import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Settings } from '@/shared/schemas/settings';
import { settingsKeys } from './keys';

export type SettingsAnswer = { settings: Settings };

/** GET /api/settings: whether studies are open or postponed (anyone may read it). */
export function getSettings(signal?: AbortSignal): Promise<SettingsAnswer> {
  return apiJson<SettingsAnswer>('GET', settingsKeys.path, undefined, signal);
}

export function settingsQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.all, queryFn: ({ signal }) => getSettings(signal) });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
