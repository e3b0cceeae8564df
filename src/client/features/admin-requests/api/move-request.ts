import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { RequestStatus } from '@/shared/schemas/options';
import type { ClientRequest, ResearchRequest } from '@/shared/schemas/requests';
import { inquiriesPath, researchRequestsPath } from './get-requests';

type Move = { id: string; status: RequestStatus };

/**
 * PUT /api/client-requests/{id}/status -> { clientRequest }. A move the state machine
 * does not allow (decisions.md section 5) is 409 with the server's reason.
 */
export async function moveInquiry({ id, status }: Move): Promise<ClientRequest> {
  const response = await apiRequest('PUT', `${inquiriesPath}/${encodeURIComponent(id)}/status`, {
    status,
  });
  return ((await response.json()) as { clientRequest: ClientRequest }).clientRequest;
}

/** PUT /api/research-requests/{id}/status -> { researchRequest }; the same states as inquiries. */
export async function moveResearchRequest({ id, status }: Move): Promise<ResearchRequest> {
  const response = await apiRequest(
    'PUT',
    `${researchRequestsPath}/${encodeURIComponent(id)}/status`,
    { status },
  );
  return ((await response.json()) as { researchRequest: ResearchRequest }).researchRequest;
}

// A 409 may mean the list here is stale (moved in another tab): refresh it either way.
export function useMoveInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveInquiry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [inquiriesPath] }),
  });
}

export function useMoveResearchRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveResearchRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [researchRequestsPath] }),
  });
}
