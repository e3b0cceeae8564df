import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { ClientRequest, ClientRequestData } from '@/shared/schemas/requests';

/** POST /api/client-requests: the company inquiry; 201 with the stored request. */
export async function createClientRequest(input: ClientRequestData): Promise<ClientRequest> {
  const response = await apiRequest('POST', '/api/client-requests', input);
  const body = (await response.json()) as { clientRequest: ClientRequest };
  return body.clientRequest;
}

export function useCreateClientRequest() {
  return useMutation({ mutationFn: createClientRequest });
}
