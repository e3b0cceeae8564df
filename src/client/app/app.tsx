import type { QueryClient } from '@tanstack/react-query';
import { SessionExpiry } from '@/client/features/auth/components/session-expiry';
import { Providers } from './providers';
import { RouteFocus } from './route-focus';
import { RouterSiteNav } from './router-site-nav';
import { AppRoutes } from './routes';

/** The whole app without its router, so the browser and a prerender can each bring theirs. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <RouterSiteNav>
      <Providers queryClient={queryClient}>
        <RouteFocus />
        <SessionExpiry />
        <AppRoutes />
      </Providers>
    </RouterSiteNav>
  );
}
