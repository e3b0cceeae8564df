import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { StudySession } from '@/shared/schemas/sessions';
import { invalidateAll } from '../invalidate';
import { sessionAffectedKeys } from './affected';
import { sessionUrl } from './keys';

/**
 * PUT /api/sessions/{id}/status { status: 'cancelled' } -> { session }: every booking goes
 * back to selected and its participant is told. 409 once the session has started.
 */
export async function cancelSession(id: string): Promise<StudySession> {
  return (
    await apiJson<{ session: StudySession }>('PUT', `${sessionUrl(id)}/status`, {
      status: 'cancelled',
    })
  ).session;
}

export function useCancelSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSession,
    onSettled: () => invalidateAll(queryClient, sessionAffectedKeys),
  });
}
