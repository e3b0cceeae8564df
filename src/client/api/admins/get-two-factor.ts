import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { TwoFactorStatus } from '@/shared/schemas/two-factor';
import { twoFactorKeys } from './keys';

/** GET /api/admin/2fa: whether the signed-in admin's two-step sign-in is on; never the secret. */
export function getTwoFactor(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiJson('GET', twoFactorKeys.status[0], undefined, signal);
}

export const twoFactorQueryOptions = () =>
  queryOptions({ queryKey: twoFactorKeys.status, queryFn: ({ signal }) => getTwoFactor(signal) });

export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions());
}
