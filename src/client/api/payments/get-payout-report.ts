import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiJson, withQuery } from '@/client/lib/api';
import { downloadFile } from '@/client/lib/download';
import type { PayoutReport } from '@/shared/schemas/payout-report';
import { paymentKeys } from './keys';

export type PayoutReportRange = { from: string; to: string };

const reportPath = '/api/payouts/report';

/** Under the payments key: a payment that moves refreshes the report too. */
export const payoutReportKey = (range: PayoutReportRange) =>
  [...paymentKeys.all, 'report', range] as const;

/** GET /api/payouts/report?from&to (EAT days, both counted). */
export function getPayoutReport(
  range: PayoutReportRange,
  signal?: AbortSignal,
): Promise<PayoutReport> {
  return apiJson('GET', withQuery(reportPath, range), undefined, signal);
}

export function payoutReportQueryOptions(range: PayoutReportRange) {
  return queryOptions({
    queryKey: payoutReportKey(range),
    queryFn: ({ signal }) => getPayoutReport(range, signal),
  });
}

/** The report of a range; the last one stays on screen while the next loads. */
export function usePayoutReport(range: PayoutReportRange, options: { enabled: boolean }) {
  return useQuery({
    ...payoutReportQueryOptions(range),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/payouts/report.csv?from&to, saved under the server's file name. */
export const downloadPayoutReport = (range: PayoutReportRange) =>
  downloadFile(
    withQuery(`${reportPath}.csv`, range),
    `payout-report-${range.from}-to-${range.to}.csv`,
  );

export function useDownloadPayoutReport() {
  return useMutation({ mutationFn: downloadPayoutReport });
}
