import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Earnings } from '@/shared/schemas/participants';
import { participantKeys } from './keys';

/** GET /api/me/earnings: the signed-in participant's totals, decimal strings in KES. */
export function getMyEarnings(signal?: AbortSignal): Promise<{ earnings: Earnings }> {
  return apiJson('GET', participantKeys.myEarnings[0], undefined, signal);
}

export function useMyEarnings() {
  return useQuery(
    queryOptions({
      queryKey: participantKeys.myEarnings,
      queryFn: ({ signal }) => getMyEarnings(signal),
    }),
  );
}
