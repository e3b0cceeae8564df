import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';

type Params = Record<string, string | number | undefined | null>;

function urlOf(path: string, params: Params, cursor: string | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * One of the admin lists, page by page: `GET path?limit=&cursor=&…params`.
 * `listKey` names the array in the answer (`participants`, `applications`, …).
 * The query key is `[path, params]`, so invalidating `[path]` refreshes every filter.
 * While a new filter loads, the previous rows stay on screen (no flash of emptiness).
 */
export function usePagedList<T>(path: string, listKey: string, params: Params = {}, limit = 50) {
  const query = useInfiniteQuery({
    queryKey: [path, params, limit],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const response = await apiRequest(
        'GET',
        urlOf(path, { ...params, limit }, pageParam),
        undefined,
        signal,
      );
      const body = (await response.json()) as Record<string, unknown>;
      return {
        items: (body[listKey] as T[] | undefined) ?? [],
        nextCursor: (body.nextCursor as string | null | undefined) ?? null,
        total: typeof body.total === 'number' ? body.total : undefined,
        extra: body,
      };
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const pages = query.data?.pages ?? [];
  return {
    ...query,
    items: pages.flatMap((page) => page.items),
    total: pages[0]?.total,
    /** The first page's whole answer, for extra fields such as payment totals. */
    firstPage: pages[0]?.extra,
  };
}
