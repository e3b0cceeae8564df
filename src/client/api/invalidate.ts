import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Refreshes every screen a change can touch, each named by its domain's key. */
export function invalidateAll(queryClient: QueryClient, keys: readonly QueryKey[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
