import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { ParticipantProfileUpdateInput } from '@/shared/schemas/participants';
import { studyKeys } from '@/client/api/studies/keys';
import type { ParticipantAnswer } from './get-participant';
import { participantKeys, participantUrl } from './keys';

/**
 * PUT /api/participants/{id}/profile: the research profile and the contact fields;
 * '' clears an optional field. 409 names the e-mail or phone already in use.
 */
export function updateParticipantProfile(
  id: string,
  input: ParticipantProfileUpdateInput,
): Promise<ParticipantAnswer> {
  return apiJson('PUT', `${participantUrl(id)}/profile`, input);
}

export function useUpdateParticipantProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ParticipantProfileUpdateInput) => updateParticipantProfile(id, input),
    onSuccess: (answer) => {
      queryClient.setQueryData(participantKeys.detail(id), answer);
      // The research profile decides which studies fit (decisions.md section 10).
      void queryClient.invalidateQueries({ queryKey: studyKeys.active });
    },
  });
}
