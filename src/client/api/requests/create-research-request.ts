import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { ResearchRequest, ResearchRequestData } from '@/shared/schemas/requests';
import { researchApi } from './keys';

/** POST /api/research-requests: the research validation request; 201 with the stored request. */
export async function createResearchRequest(input: ResearchRequestData): Promise<ResearchRequest> {
  return (await apiJson<{ researchRequest: ResearchRequest }>('POST', researchApi.path, input))
    .researchRequest;
}

export function useCreateResearchRequest() {
  return useMutation({ mutationFn: createResearchRequest });
}
