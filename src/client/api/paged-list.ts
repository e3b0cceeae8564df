import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

/** The admin lists' page size (the server's default). */
export const LIST_PAGE_SIZE = 50;

/** What every keyset list answers besides its rows. */
export type PagedAnswer = {
  nextCursor?: string | null;
  total?: number;
  /** `total` is the server's rounded estimate: too many to count at once (decision 037). */
  totalEstimated?: boolean;
};

/**
 * One of the admin lists, page by page, from the endpoint's own fetcher.
 * While a new filter loads, the previous rows stay on screen (no flash of emptiness).
 */
export function usePagedList<A extends PagedAnswer, T>({
  queryKey,
  fetchPage,
  itemsOf,
}: {
  queryKey: readonly unknown[];
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<A>;
  itemsOf: (answer: A) => T[] | undefined;
}) {
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const pages = query.data?.pages ?? [];
  const total = pages[0]?.total;
  return {
    ...query,
    items: pages.flatMap((page) => itemsOf(page) ?? []),
    total: typeof total === 'number' ? total : undefined,
    totalEstimated: pages[0]?.totalEstimated === true,
    /** The first page's whole answer, for extra fields such as payment totals. */
    firstPage: pages[0],
  };
}
