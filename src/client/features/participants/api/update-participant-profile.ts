import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { ParticipantProfileUpdateInput } from '@/shared/schemas/participants';
import { type ParticipantAnswer, participantQueryOptions } from './get-participant';

/**
 * PUT /api/participants/{id}/profile: the research profile and the contact fields;
 * '' clears an optional field. 409 names the e-mail or phone already in use.
 */
export async function updateParticipantProfile(
  id: string,
  input: ParticipantProfileUpdateInput,
): Promise<ParticipantAnswer> {
  const response = await apiRequest(
    'PUT',
    `/api/participants/${encodeURIComponent(id)}/profile`,
    input,
  );
  return (await response.json()) as ParticipantAnswer;
}

export function useUpdateParticipantProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ParticipantProfileUpdateInput) => updateParticipantProfile(id, input),
    onSuccess: (answer) => {
      queryClient.setQueryData(participantQueryOptions(id).queryKey, answer);
    },
  });
}
