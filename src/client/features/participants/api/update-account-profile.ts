import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { AccountProfileInput } from '@/shared/schemas/participants';
import { type ParticipantAnswer, participantQueryOptions } from './get-participant';

/** PUT /api/participant/profile: names, e-mail and phone of the signed-in participant. */
export async function updateAccountProfile(input: AccountProfileInput): Promise<ParticipantAnswer> {
  const response = await apiRequest('PUT', '/api/participant/profile', input);
  return (await response.json()) as ParticipantAnswer;
}

export function useUpdateAccountProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountProfile,
    onSuccess: (answer) => {
      queryClient.setQueryData(participantQueryOptions(answer.participant.id).queryKey, answer);
    },
  });
}
