import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import { participantsPath } from './get-participants';

/** The admin figures (participant count) that a deletion changes; owned by the stats feature. */
const STATS_PATH = '/api/stats';

/**
 * DELETE /api/participants/{id}: removes the person, their profile, photo, applications
 * and sessions; their payments stay, detached, for accounting (decisions.md section 5).
 */
export async function deleteParticipant(id: string): Promise<void> {
  await apiRequest('DELETE', `${participantsPath}/${encodeURIComponent(id)}`);
}

export function useDeleteParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParticipant,
    onSuccess: async (_answer, id) => {
      await Promise.all([
        // The person's own queries (earnings) are gone with them: refetching would be a 404.
        queryClient.invalidateQueries({
          queryKey: [participantsPath],
          predicate: (query) => query.queryKey[1] !== id,
        }),
        queryClient.invalidateQueries({ queryKey: [STATS_PATH] }),
      ]);
    },
  });
}
