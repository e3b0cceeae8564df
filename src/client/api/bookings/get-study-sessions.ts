import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { StudySession } from '@/shared/schemas/sessions';
import { studyUrl } from '../studies/keys';
import { bookingKeys } from './keys';

/**
 * GET /api/tests/{id}/sessions -> { sessions }, oldest first, each with its seats left. A
 * participant may read it while selected or scheduled for the study (403 otherwise).
 */
export async function getStudySessionsForBooking(
  testId: string,
  signal?: AbortSignal,
): Promise<StudySession[]> {
  const url = `${studyUrl(testId)}/sessions`;
  return (await apiJson<{ sessions: StudySession[] }>('GET', url, undefined, signal)).sessions;
}

export function studySessionsForBookingQueryOptions(testId: string) {
  return queryOptions({
    queryKey: bookingKeys.studySessions(testId),
    queryFn: ({ signal }) => getStudySessionsForBooking(testId, signal),
    // Seats go quickly: read again when the participant comes back to the page.
    staleTime: 15_000,
  });
}

/** The sessions a participant may choose from; `enabled: false` until needed. */
export function useStudySessionsForBooking(testId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...studySessionsForBookingQueryOptions(testId),
    enabled: options.enabled ?? true,
  });
}
