import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { PayoutReleaseInput } from '@/shared/schemas/payouts';
import { invalidateAll } from '../invalidate';
import { paymentMoveKeys } from '../payments/update-payment-status';
import { followNewPayout } from './get-payout';
import { payoutKeys } from './keys';

export type ReleasedPayout = { id: string; count: number; amount: string };

/**
 * Runs an action that may need a second-factor code entered in the last minutes (403
 * `stepUp`): the console's step-up helper (features/auth/step-up.tsx, `useStepUp`) asks for
 * the code and runs it again.
 */
export type WithStepUp = <T>(action: () => Promise<T>) => Promise<T>;

/**
 * POST /api/payouts -> 202 { payout }: pending -> processing for every chosen payment, or
 * nothing; 409 `{ message, errors: { [paymentId]: message } }` when one is not pending or
 * cannot be paid as it is; 403 `{ stepUp: true }` without a fresh second-factor code.
 */
export async function releasePayout(input: PayoutReleaseInput): Promise<ReleasedPayout> {
  return (await apiJson<{ payout: ReleasedPayout }>('POST', payoutKeys.path, input)).payout;
}

export function useReleasePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, withStepUp }: { input: PayoutReleaseInput; withStepUp: WithStepUp }) =>
      withStepUp(() => releasePayout(input)),
    onSuccess: (payout) => followNewPayout(queryClient, payout.id),
    // A release moves payments: it refreshes what a payment's move does.
    onSettled: () => invalidateAll(queryClient, paymentMoveKeys),
  });
}
