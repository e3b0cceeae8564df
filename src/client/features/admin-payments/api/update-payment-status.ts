import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Payment, PaymentStatusInput } from '@/shared/schemas/payments';
import { paymentsPath } from './get-payments';

type Move = { id: string } & PaymentStatusInput;

/**
 * PUT /api/payments/{id}/status -> { payment }. A move the payment states do not
 * allow is 409; completing without a reference is 400 on `transactionId`.
 */
export async function updatePaymentStatus({ id, ...body }: Move): Promise<Payment> {
  const response = await apiRequest(
    'PUT',
    `${paymentsPath}/${encodeURIComponent(id)}/status`,
    body,
  );
  return ((await response.json()) as { payment: Payment }).payment;
}

/** A payment's move changes the list and totals, the stats and the participant's earnings. */
const affectedKeys = [[paymentsPath], ['/api/stats'], ['/api/participants']];

export function useUpdatePaymentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentStatus,
    onSettled: () =>
      Promise.all(affectedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
