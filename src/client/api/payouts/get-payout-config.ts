import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { PayoutConfigInfo } from '@/shared/schemas/payouts';
import { payoutKeys } from './keys';

/** GET /api/payouts/config: manual or M-Pesa, and M-Pesa's per-transaction limits (admins). */
export function getPayoutConfig(signal?: AbortSignal): Promise<PayoutConfigInfo> {
  return apiJson('GET', `${payoutKeys.path}/config`, undefined, signal);
}

/** Set when the server starts, so fetched once per page. */
export function payoutConfigQueryOptions() {
  return queryOptions({
    queryKey: payoutKeys.config,
    queryFn: ({ signal }) => getPayoutConfig(signal),
  });
}

export function usePayoutConfig() {
  return useQuery(payoutConfigQueryOptions());
}
