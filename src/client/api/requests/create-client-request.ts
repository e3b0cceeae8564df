import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { ClientRequest, ClientRequestData } from '@/shared/schemas/requests';
import { inquiryApi } from './keys';

/** POST /api/client-requests: the company inquiry; 201 with the stored request. */
export async function createClientRequest(input: ClientRequestData): Promise<ClientRequest> {
  return (await apiJson<{ clientRequest: ClientRequest }>('POST', inquiryApi.path, input))
    .clientRequest;
}

export function useCreateClientRequest() {
  return useMutation({ mutationFn: createClientRequest });
}
