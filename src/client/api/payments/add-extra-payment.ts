import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { ExtraPaymentData } from '@/shared/schemas/extra-payments';
import type { Payment } from '@/shared/schemas/payments';
import { invalidateAll } from '../invalidate';
import { participantKeys } from '../participants/keys';
import { statsKeys } from '../stats/keys';
import { studyKeys } from '../studies/keys';
import { applicationPaymentsUrl } from './get-extra-payment-options';
import { paymentKeys } from './keys';

type Addition = { applicationId: string } & ExtraPaymentData;

/**
 * POST /api/applications/{id}/payments { amount, reason, note? } -> 201 { payment }. A
 * reason the application cannot take now is 409 (its message says why); a bad field is 400
 * with the field's message.
 */
export async function addExtraPayment({ applicationId, ...body }: Addition): Promise<Payment> {
  return (await apiJson<{ payment: Payment }>('POST', applicationPaymentsUrl(applicationId), body))
    .payment;
}

/** A new payment changes the payments list, its totals and report, the stats and earnings. */
const affectedKeys = [paymentKeys.all, statsKeys.all, participantKeys.all, studyKeys.all];

export function useAddExtraPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addExtraPayment,
    onSettled: () => invalidateAll(queryClient, affectedKeys),
  });
}
