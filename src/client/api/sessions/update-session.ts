import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { StudySession, UpdateSessionData } from '@/shared/schemas/sessions';
import { invalidateAll } from '../invalidate';
import { sessionAffectedKeys } from './affected';
import { sessionUrl } from './keys';

/**
 * PUT /api/sessions/{id} -> { session }: any of time, length, place, link and seats. 409
 * below the seats booked, once cancelled or started; a new time or place tells everyone booked.
 */
export async function updateSession({
  id,
  ...body
}: { id: string } & UpdateSessionData): Promise<StudySession> {
  return (await apiJson<{ session: StudySession }>('PUT', sessionUrl(id), body)).session;
}

export function useUpdateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSession,
    // The applications embed the session's time and place: refresh them with it.
    onSettled: () => invalidateAll(queryClient, sessionAffectedKeys),
  });
}
