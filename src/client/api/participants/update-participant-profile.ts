import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParticipantProfileUpdateInput } from '@/shared/schemas/participants';
import { studyKeys } from '@/client/api/studies/keys';
import { participantKeys } from './keys';
import { updateParticipantProfile } from './put-participant-profile';

/** Saves a participant's profile, then refreshes it and the studies that fit them. */
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
