import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Payout } from '@/shared/schemas/payouts';
import { stillPaying, useRefreshAsPayoutsSettle } from './get-payout';
import { payoutKeys } from './keys';

/** The recent payouts are asked again this often while M-Pesa is paying one of them. */
const RECENT_POLL_MS = 5_000;

/** GET /api/payouts: the latest 20 payouts, newest first, with their progress (admins). */
export async function getPayouts(signal?: AbortSignal): Promise<Payout[]> {
  return (await apiJson<{ payouts: Payout[] }>('GET', payoutKeys.path, undefined, signal)).payouts;
}

export function usePayouts() {
  const query = useQuery({
    queryKey: payoutKeys.list,
    queryFn: ({ signal }) => getPayouts(signal),
    refetchInterval: (q) => (q.state.data?.some(stillPaying) ? RECENT_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
  useRefreshAsPayoutsSettle(query.data);
  return query;
}
