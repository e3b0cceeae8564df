import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import { usePagedList } from '@/client/lib/use-paged-list';
import type { RequestStatus } from '@/shared/schemas/options';

/** Where one kind of lead lives in the API, and the keys its answers use. */
export type LeadApi = {
  path: string;
  /** The list's key: `{ clientRequests: [...] }`. */
  listKey: string;
  /** A moved lead's key: `{ clientRequest: {...} }`. */
  itemKey: string;
};

export const inquiryApi: LeadApi = {
  path: '/api/client-requests',
  listKey: 'clientRequests',
  itemKey: 'clientRequest',
};

/** Research requests follow the same states and paths as inquiries. */
export const researchApi: LeadApi = {
  path: '/api/research-requests',
  listKey: 'researchRequests',
  itemKey: 'researchRequest',
};

export type LeadFilters = { status?: RequestStatus | undefined; search?: string | undefined };

/** GET {path}?status=&search=&limit=&cursor=: the leads, newest first. */
export function useLeads<R>(api: LeadApi, filters: LeadFilters) {
  return usePagedList<R>(api.path, api.listKey, filters);
}

/**
 * PUT {path}/{id}/status -> the moved lead. A move the state machine does not allow
 * (decisions.md section 5) is 409 with the server's reason; the list may then be stale
 * (moved in another tab), so it is refreshed either way.
 */
export function useMoveLead<R>(api: LeadApi) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: RequestStatus }): Promise<R> => {
      const response = await apiRequest('PUT', `${api.path}/${encodeURIComponent(id)}/status`, {
        status,
      });
      return ((await response.json()) as Record<string, R>)[api.itemKey]!;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [api.path] }),
  });
}
