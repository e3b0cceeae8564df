import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import { statsKeys } from '../stats/keys';
import { participantKeys, participantUrl } from './keys';

/**
 * DELETE /api/participants/{id}: removes the person, their profile, photo, applications
 * and sessions; their payments stay, detached, for accounting (decisions.md section 5).
 * Deleting oneself also ends the session.
 */
export async function deleteParticipant(id: string): Promise<void> {
  await apiRequest('DELETE', participantUrl(id));
}

export function useDeleteParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParticipant,
    onSuccess: async (_answer, id) => {
      await Promise.all([
        // The person's own queries (earnings) are gone with them: refetching would be a 404.
        queryClient.invalidateQueries({
          queryKey: participantKeys.all,
          predicate: (query) => query.queryKey[1] !== id,
        }),
        queryClient.invalidateQueries({ queryKey: statsKeys.all }),
      ]);
    },
  });
}
