import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { createQueryClient } from './query-client';

let islandsClient: ReturnType<typeof createQueryClient> | undefined;

/**
 * TanStack Query for what writes on a text page (a form's submit, signing out), which the
 * islands' first load leaves out (decision 042): it comes with that code, and the app's
 * own client is used where there is one.
 */
export function EnsureQueryClient({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  if (existing) return children;
  islandsClient ??= createQueryClient();
  return <QueryClientProvider client={islandsClient}>{children}</QueryClientProvider>;
}
