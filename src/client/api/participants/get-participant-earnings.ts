import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Earnings } from '@/shared/schemas/participants';
import { participantKeys, participantUrl } from './keys';

/** GET /api/participants/{id}/earnings (admins): one participant's totals (decimal strings, KES). */
export function getParticipantEarnings(
  id: string,
  signal?: AbortSignal,
): Promise<{ earnings: Earnings }> {
  return apiJson('GET', `${participantUrl(id)}/earnings`, undefined, signal);
}

export function useParticipantEarnings(id: string) {
  return useQuery(
    queryOptions({
      queryKey: participantKeys.earnings(id),
      queryFn: ({ signal }) => getParticipantEarnings(id, signal),
    }),
  );
}
