import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { CreateSessionData, StudySession } from '@/shared/schemas/sessions';
import { invalidateAll } from '../invalidate';
import { sessionKeys, studySessionsUrl } from './keys';

/**
 * POST /api/tests/{id}/sessions -> 201 { session }. 400 with field errors when the start
 * is past or outside the study's dates (EAT), or the place or link is missing.
 */
export async function createSession({
  testId,
  ...body
}: { testId: string } & CreateSessionData): Promise<StudySession> {
  return (await apiJson<{ session: StudySession }>('POST', studySessionsUrl(testId), body)).session;
}

export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSession,
    onSuccess: () => invalidateAll(queryClient, [sessionKeys.all]),
  });
}
