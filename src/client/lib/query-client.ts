import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/** The data-fetch defaults of spec section 7: no retries, no refetching, data never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
        // Offline, TanStack Query would hold a mutation paused until the browser is back
        // online (a spinner with no end): send it anyway, so it fails at once and says so.
        networkMode: 'always',
      },
    },
  });
}
