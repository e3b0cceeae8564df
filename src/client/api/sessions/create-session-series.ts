import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { CreateSessionSeriesData, StudySession } from '@/shared/schemas/sessions';
import { invalidateAll } from '../invalidate';
import { sessionKeys, studySessionsUrl } from './keys';

/**
 * POST /api/tests/{id}/sessions/series -> 201 { sessions }: `count` sessions a day or a week
 * apart, all or none (one outside the study's dates refuses the series).
 */
export async function createSessionSeries({
  testId,
  ...body
}: { testId: string } & CreateSessionSeriesData): Promise<StudySession[]> {
  return (
    await apiJson<{ sessions: StudySession[] }>('POST', `${studySessionsUrl(testId)}/series`, body)
  ).sessions;
}

export function useCreateSessionSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSessionSeries,
    onSuccess: () => invalidateAll(queryClient, [sessionKeys.all]),
  });
}
