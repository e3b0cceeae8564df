import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { PayoutPreview, PayoutReleaseInput } from '@/shared/schemas/payouts';
import { payoutKeys } from './keys';

/**
 * POST /api/payouts/preview: what releasing `input` would send (count, exact total) and
 * what stands in the way, changing nothing. A study without pending payments is 409.
 */
export function previewPayout(
  input: PayoutReleaseInput,
  signal?: AbortSignal,
): Promise<PayoutPreview> {
  return apiJson('POST', `${payoutKeys.path}/preview`, input, signal);
}

/** Asked afresh each time the confirmation opens (`input` set), never kept after it closes. */
export function usePayoutPreview(input: PayoutReleaseInput | undefined) {
  return useQuery({
    queryKey: payoutKeys.preview(input ?? { paymentIds: [] }),
    queryFn: ({ signal }) => previewPayout(input!, signal),
    enabled: input !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}
