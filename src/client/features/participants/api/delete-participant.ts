import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';

/**
 * DELETE /api/participants/{id}: removes the person (profile, photo, applications,
 * sessions); payments stay, detached, for accounting. Deleting oneself also ends
 * the session.
 */
export async function deleteParticipant(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/participants/${encodeURIComponent(id)}`);
}

export function useDeleteParticipant() {
  return useMutation({ mutationFn: deleteParticipant });
}
