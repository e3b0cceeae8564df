import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { ExtraPaymentOptions } from '@/shared/schemas/extra-payments';
import { paymentKeys } from './keys';

/** POST and GET /api/applications/{id}/payments. */
export const applicationPaymentsUrl = (applicationId: string) =>
  `/api/applications/${encodeURIComponent(applicationId)}/payments`;

/** Under the payments key: any payment change refreshes what can be added. */
export const extraPaymentOptionsKey = (applicationId: string) =>
  [...paymentKeys.all, 'extra-options', applicationId] as const;

/**
 * GET /api/applications/{id}/payments -> the application's payments, which reasons can be
 * added now (each refused one with why) and the payout limit in whole KES.
 */
export function getExtraPaymentOptions(
  applicationId: string,
  signal?: AbortSignal,
): Promise<ExtraPaymentOptions> {
  return apiJson('GET', applicationPaymentsUrl(applicationId), undefined, signal);
}

export function extraPaymentOptionsQueryOptions(applicationId: string) {
  return queryOptions({
    queryKey: extraPaymentOptionsKey(applicationId),
    queryFn: ({ signal }) => getExtraPaymentOptions(applicationId, signal),
  });
}

/** What the "Add payment…" dialog may offer; fetched while it is open. */
export function useExtraPaymentOptions(applicationId: string, options: { enabled: boolean }) {
  return useQuery({ ...extraPaymentOptionsQueryOptions(applicationId), enabled: options.enabled });
}
