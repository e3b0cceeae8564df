import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Earnings } from '@/shared/schemas/participants';
import { participantsPath } from './get-participants';

/** GET /api/participants/{id}/earnings: one participant's totals (decimal strings, KES). */
export async function getParticipantEarnings(
  id: string,
  signal?: AbortSignal,
): Promise<{ earnings: Earnings }> {
  const response = await apiRequest(
    'GET',
    `${participantsPath}/${encodeURIComponent(id)}/earnings`,
    undefined,
    signal,
  );
  return (await response.json()) as { earnings: Earnings };
}

/** Keyed under the list's path, so refreshing the list refreshes it too. */
export function participantEarningsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [participantsPath, id, 'earnings'] as const,
    queryFn: ({ signal }) => getParticipantEarnings(id, signal),
  });
}

export function useParticipantEarnings(id: string) {
  return useQuery(participantEarningsQueryOptions(id));
}
