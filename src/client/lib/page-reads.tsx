import { type ReactNode, useCallback, useEffect, useSyncExternalStore } from 'react';
import { ReadContext, type ReadOptions, type ReadResult, type UseRead } from './reads';

/**
 * The shared reads (lib/reads.ts) on the text pages' islands, without TanStack Query
 * (decision 042): one answer per key for the whole page (the top bar and the language
 * both read the session: one request), fetched when first shown, asked again on the
 * options' interval while the page is visible and, with `refetchOnWindowFocus`, when it
 * becomes visible again after going stale. A failed read keeps the last answer and says
 * so (`isError`, `errorUpdatedAt`), as TanStack Query does. No retries: the app's default.
 */

type Entry = {
  result: ReadResult<unknown>;
  dataUpdatedAt: number;
  fetching: boolean;
  listeners: Set<() => void>;
};

const pendingResult: ReadResult<unknown> = {
  data: undefined,
  isPending: true,
  isError: false,
  error: null,
  errorUpdatedAt: 0,
};

/** The page's answers, by key. */
const pageCache = new Map<string, Entry>();

function entryOf(cache: Map<string, Entry>, key: readonly unknown[]): Entry {
  const id = JSON.stringify(key);
  let entry = cache.get(id);
  if (!entry) {
    entry = { result: pendingResult, dataUpdatedAt: 0, fetching: false, listeners: new Set() };
    cache.set(id, entry);
  }
  return entry;
}

function settle(entry: Entry, result: ReadResult<unknown>, dataUpdatedAt = entry.dataUpdatedAt) {
  entry.fetching = false;
  entry.result = result;
  entry.dataUpdatedAt = dataUpdatedAt;
  for (const listener of entry.listeners) listener();
}

/** Reads once at a time per key: a second ask while one is on its way waits for it. */
function fetchEntry<TData>(entry: Entry, queryFn: ReadOptions<TData>['queryFn']) {
  if (entry.fetching) return;
  entry.fetching = true;
  queryFn({ signal: new AbortController().signal }).then(
    (data) => {
      const now = Date.now();
      settle(entry, { ...entry.result, data, isPending: false, isError: false, error: null }, now);
    },
    (error: unknown) => {
      settle(entry, {
        ...entry.result,
        isPending: false,
        isError: true,
        error,
        errorUpdatedAt: Date.now(),
      });
    },
  );
}

const isStale = (entry: Entry, staleTime: number) =>
  entry.dataUpdatedAt === 0 || Date.now() - entry.dataUpdatedAt >= staleTime;

const usePageRead: UseRead = <TData, TSelected = TData>(
  options: ReadOptions<TData, TSelected>,
): ReadResult<TSelected> => {
  const { queryKey, queryFn, select, refetchInterval, refetchOnWindowFocus } = options;
  const staleTime = options.staleTime ?? Infinity;
  const entry = entryOf(pageCache, queryKey);
  const subscribe = useCallback(
    (listener: () => void) => {
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [entry],
  );
  const getResult = () => entry.result;
  const result = useSyncExternalStore(subscribe, getResult, getResult) as ReadResult<TData>;

  // The effects keep the options of the render that started them: a key's reader and
  // freshness do not change while it is shown.
  useEffect(() => {
    // The first answer, or a stale one; a failed read is not retried by a remount.
    if (entry.result.isPending || (!entry.result.isError && isStale(entry, staleTime)))
      fetchEntry(entry, queryFn);
  }, [entry]); // eslint-disable-line react-hooks/exhaustive-deps

  // Asked again `refetchInterval` after the last answer (as TanStack Query counts it: each
  // answer starts the wait again), while the page is visible.
  useEffect(() => {
    if (!refetchInterval) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      if (document.visibilityState === 'visible') fetchEntry(entry, queryFn);
      else timer = setTimeout(tick, refetchInterval);
    };
    timer = setTimeout(tick, refetchInterval);
    return () => clearTimeout(timer);
  }, [entry, refetchInterval, result]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!refetchOnWindowFocus) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible' && isStale(entry, staleTime))
        fetchEntry(entry, queryFn);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [entry, refetchOnWindowFocus]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!select || result.data === undefined) return result as unknown as ReadResult<TSelected>;
  return { ...result, data: select(result.data) };
};

/** The reads of a page's islands, from one page-wide cache. */
export function PageReads({ children }: { children: ReactNode }) {
  return <ReadContext value={usePageRead}>{children}</ReadContext>;
}

/** Forgets every answer (tests: each starts with a page that has read nothing). */
export function forgetPageReads(): void {
  pageCache.clear();
}
