import { usePagedList } from '@/client/lib/use-paged-list';
import type { RequestStatus } from '@/shared/schemas/options';
import type { ClientRequest, ResearchRequest } from '@/shared/schemas/requests';

export const inquiriesPath = '/api/client-requests';
export const researchRequestsPath = '/api/research-requests';

export type RequestFilters = { status?: RequestStatus | undefined; search?: string | undefined };

/** GET /api/client-requests?status=&search=&limit=&cursor=: inquiries, newest first. */
export function useInquiries(filters: RequestFilters) {
  return usePagedList<ClientRequest>(inquiriesPath, 'clientRequests', filters);
}

/** GET /api/research-requests?status=&search=&limit=&cursor=: research requests, newest first. */
export function useResearchRequests(filters: RequestFilters) {
  return usePagedList<ResearchRequest>(researchRequestsPath, 'researchRequests', filters);
}
