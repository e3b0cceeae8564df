import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { AccountProfileInput } from '@/shared/schemas/participants';
import type { ParticipantAnswer } from './get-participant';
import { participantKeys } from './keys';

/** PUT /api/participant/profile: names, e-mail and phone of the signed-in participant. */
export function updateAccountProfile(input: AccountProfileInput): Promise<ParticipantAnswer> {
  return apiJson('PUT', '/api/participant/profile', input);
}

export function useUpdateAccountProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountProfile,
    onSuccess: (answer) => {
      queryClient.setQueryData(participantKeys.detail(answer.participant.id), answer);
    },
  });
}
