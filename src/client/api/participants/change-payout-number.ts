import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { PayoutNumberAnswer, PayoutNumberChange } from '@/shared/schemas/statement';
import { participantKeys } from './keys';

/**
 * PUT /api/me/payout-number: the M-Pesa number payouts go to, with the current password
 * (400 on `currentPassword` when wrong, 423 once locked; decisions.md section 11).
 */
export function changePayoutNumber(input: PayoutNumberChange): Promise<PayoutNumberAnswer> {
  return apiJson('PUT', '/api/me/payout-number', input);
}

/** The participant's record (`participantId`) shows the number: it is read again after a change. */
export function useChangePayoutNumber(participantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePayoutNumber,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: participantKeys.detail(participantId) }),
  });
}
