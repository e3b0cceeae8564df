import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Earnings, MyPayment } from '@/shared/schemas/participants';
import { participantKeys } from './keys';

export type MyEarningsAnswer = { earnings: Earnings; payments: MyPayment[] };

/**
 * GET /api/me/earnings: the signed-in participant's totals and their payments (each with its
 * status, pending ones too), decimal strings in KES.
 */
export function getMyEarnings(signal?: AbortSignal): Promise<MyEarningsAnswer> {
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
