import { apiJson, withQuery } from '@/client/lib/api';
import { LIST_PAGE_SIZE, type PagedAnswer, usePagedList } from '../paged-list';
import { type LeadApi, type LeadFilters, leadKeys } from './keys';

/** GET {path}?status=&search=&limit=&cursor=: the leads of one kind, newest first. */
export function getLeads(
  api: LeadApi,
  query: LeadFilters & { limit?: number; cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<PagedAnswer & Record<string, unknown>> {
  return apiJson('GET', withQuery(api.path, query), undefined, signal);
}

export function useLeads<R>(api: LeadApi, filters: LeadFilters) {
  return usePagedList({
    queryKey: leadKeys.list(api, filters),
    fetchPage: (cursor, signal) =>
      getLeads(api, { ...filters, limit: LIST_PAGE_SIZE, cursor }, signal),
    itemsOf: (answer) => answer[api.listKey] as R[] | undefined,
  });
}
