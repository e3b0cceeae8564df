import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Application } from '@/shared/schemas/applications';
import { applicationKeys } from '../applications/keys';
import { invalidateAll } from '../invalidate';
import { sessionAffectedKeys } from './affected';

/**
 * POST /api/applications/{id}/booking { sessionId } -> { application }, now scheduled. An
 * admin may book from interested, screening or selected, or move a scheduled one; 409 when
 * the session is full, cancelled or started, or the study is full.
 */
export async function bookSession({
  applicationId,
  sessionId,
}: {
  applicationId: string;
  sessionId: string;
}): Promise<Application> {
  const url = `${applicationKeys.path}/${encodeURIComponent(applicationId)}/booking`;
  return (await apiJson<{ application: Application }>('POST', url, { sessionId })).application;
}

export function useBookSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookSession,
    // A 409 (session filled meanwhile) means the seats shown are stale: refresh either way.
    onSettled: () => invalidateAll(queryClient, sessionAffectedKeys),
  });
}
