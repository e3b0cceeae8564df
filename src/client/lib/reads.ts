import { createContext, useContext } from 'react';

/**
 * The reads the public pages' islands share with the app (the session, the site's contact,
 * the studies setting, the landing figures), written once and answered by whichever data
 * layer the page runs (decision 042):
 * - the app and its prerender: TanStack Query (`lib/query-reads.tsx`), so its mutations'
 *   invalidations and cache writes reach them;
 * - the text pages' islands: `lib/page-reads.ts`, a few hundred bytes instead of the
 *   10 KB of TanStack Query in their first load; these pages only read.
 *
 * The options are TanStack Query's, the subset both layers honour.
 */
export type ReadOptions<TData, TSelected = TData> = {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<TData>;
  /** How long an answer stays fresh (ms); the app's default is forever. */
  staleTime?: number;
  /** Asked again this often (ms) while the page is visible. */
  refetchInterval?: number | false;
  /** Asked again when the page becomes visible again, if the answer is stale. */
  refetchOnWindowFocus?: boolean;
  select?: (data: TData) => TSelected;
};

/** What a read answers: the subset of TanStack Query's result both layers give. */
export type ReadResult<T> = {
  /** The last answer (kept when a later read fails); undefined until the first arrives. */
  data: T | undefined;
  /** No answer yet and no failure yet. */
  isPending: boolean;
  /** The last read failed. */
  isError: boolean;
  error: unknown;
  /** When the last failure happened (ms since the epoch), 0 if none. */
  errorUpdatedAt: number;
};

export type UseRead = <TData, TSelected = TData>(
  options: ReadOptions<TData, TSelected>,
) => ReadResult<TSelected>;

/** The data layer of the tree: set once at its root, never changed (the hook it holds is called as a hook). */
export const ReadContext = createContext<UseRead | null>(null);

/** Reads `options.queryKey` through the data layer of the page. */
export function useRead<TData, TSelected = TData>(
  options: ReadOptions<TData, TSelected>,
): ReadResult<TSelected> {
  const read = useContext(ReadContext);
  if (!read) throw new Error('useRead needs a data layer: QueryReads or PageReads at the root');
  return read(options);
}
