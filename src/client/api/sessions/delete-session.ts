import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import { invalidateAll } from '../invalidate';
import { sessionKeys, sessionUrl } from './keys';

/** DELETE /api/sessions/{id}: 409 once anyone booked it (cancel it instead). */
export async function deleteSession(id: string): Promise<void> {
  await apiRequest('DELETE', sessionUrl(id));
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSettled: () => invalidateAll(queryClient, [sessionKeys.all]),
  });
}
