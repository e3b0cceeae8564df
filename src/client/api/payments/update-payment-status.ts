import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import { invalidateAll } from '../invalidate';
import type { Payment, PaymentStatusInput } from '@/shared/schemas/payments';
import { participantKeys } from '../participants/keys';
import { payoutKeys } from '../payouts/keys';
import { statsKeys } from '../stats/keys';
import { studyKeys } from '../studies/keys';
import { paymentKeys } from './keys';

type Move = { id: string } & PaymentStatusInput;

/**
 * PUT /api/payments/{id}/status -> { payment }. A move the payment states do not
 * allow is 409; completing without a reference is 400 on `transactionId`.
 */
export async function updatePaymentStatus({ id, ...body }: Move): Promise<Payment> {
  const url = `${paymentKeys.path}/${encodeURIComponent(id)}/status`;
  return (await apiJson<{ payment: Payment }>('PUT', url, body)).payment;
}

/**
 * A payment's move changes the list and totals, the stats, the participant's earnings, its
 * study's paid-out figure and the progress of the payout it was released in. A release
 * (release-payout.ts) moves payments the same way.
 */
export const paymentMoveKeys = [
  paymentKeys.all,
  statsKeys.all,
  participantKeys.all,
  studyKeys.all,
  payoutKeys.list,
  payoutKeys.details,
];

export function useUpdatePaymentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentStatus,
    onSettled: () => invalidateAll(queryClient, paymentMoveKeys),
  });
}
