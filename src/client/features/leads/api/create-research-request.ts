import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { ResearchRequest, ResearchRequestData } from '@/shared/schemas/requests';

/** POST /api/research-requests: the research validation request; 201 with the stored request. */
export async function createResearchRequest(input: ResearchRequestData): Promise<ResearchRequest> {
  const response = await apiRequest('POST', '/api/research-requests', input);
  const body = (await response.json()) as { researchRequest: ResearchRequest };
  return body.researchRequest;
}

export function useCreateResearchRequest() {
  return useMutation({ mutationFn: createResearchRequest });
}
