import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSettings } from './get-studies-open';
import { settingsKeys } from './keys';

/** The Settings tab's read of GET /api/settings (the same key as the notices' studiesOpen). */
export function settingsQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.all, queryFn: ({ signal }) => getSettings(signal) });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
