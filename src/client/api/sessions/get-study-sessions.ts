import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { StudySession } from '@/shared/schemas/sessions';
import { sessionKeys, studySessionsUrl } from './keys';

/** GET /api/tests/{id}/sessions -> { sessions }, oldest first, each with its seats booked and left. */
export async function getStudySessions(
  testId: string,
  signal?: AbortSignal,
): Promise<StudySession[]> {
  return (
    await apiJson<{ sessions: StudySession[] }>('GET', studySessionsUrl(testId), undefined, signal)
  ).sessions;
}

export function studySessionsQueryOptions(testId: string) {
  return queryOptions({
    queryKey: sessionKeys.ofStudy(testId),
    queryFn: ({ signal }) => getStudySessions(testId, signal),
  });
}

/** A study's sessions; `enabled: false` until a screen needs them. */
export function useStudySessions(testId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...studySessionsQueryOptions(testId), enabled: options.enabled ?? true });
}
