import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ReadContext, type ReadOptions, type ReadResult, type UseRead } from './reads';

/** The shared reads (lib/reads.ts) answered by TanStack Query: one cache with the app's queries. */
const useQueryRead: UseRead = <TData, TSelected = TData>(
  options: ReadOptions<TData, TSelected>,
): ReadResult<TSelected> => useQuery(options);

/** TanStack Query for a tree, and the shared reads through it. */
export function QueryReads({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ReadContext value={useQueryRead}>{children}</ReadContext>
    </QueryClientProvider>
  );
}
