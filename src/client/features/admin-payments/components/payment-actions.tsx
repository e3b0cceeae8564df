import { useState } from 'react';
import { StatusActions } from '@/client/components/domain/status-actions';
import { toastFailure } from '@/client/lib/toast-failure';
import { toast } from '@/client/components/ui/use-toast';
import { formatKesDecimal, toCents } from '@/shared/rules/money';
import { paymentTransitions } from '@/shared/rules/transitions';
import type { PaymentStatus } from '@/shared/schemas/options';
import type { Payment, PaymentStatusInput } from '@/shared/schemas/payments';
import type { PayoutConfigInfo } from '@/shared/schemas/payouts';
import { useUpdatePaymentStatus } from '@/client/api/payments/update-payment-status';
import { usePayoutConfig } from '@/client/api/payouts/get-payout-config';
import { CompletePaymentDialog } from './complete-payment-dialog';
import { FailPaymentDialog } from './fail-payment-dialog';
import { withMpesa } from '../payout-state-text';

/** The button for each move: "Process payment to Jane Doe". */
const moveVerb: Record<PaymentStatus, string> = {
  pending: 'Retry',
  processing: 'Process',
  completed: 'Mark paid',
  failed: 'Mark failed',
  refunded: 'Refund',
};

const movedText: Record<PaymentStatus, string> = {
  pending: 'is pending again: release it to pay it',
  processing: 'is being processed',
  completed: 'is paid',
  failed: 'is marked as failed',
  refunded: 'is refunded',
};

/**
 * A payment the release refuses to send over M-Pesa and tells staff to pay by hand (no payout
 * number left, cents, above the per-transaction maximum): Process stays offered for it, as the
 * server allows, or it could be neither paid nor recorded.
 */
function paidByHandOnly(payment: Payment, config: PayoutConfigInfo): boolean {
  const cents = toCents(payment.amount);
  return (
    payment.participantId === null || cents % 100n !== 0n || cents > BigInt(config.maxAmount) * 100n
  );
}

export function payeeOf(payment: Payment): string {
  return payment.participantName ?? 'Deleted participant';
}

/**
 * A payment's row actions along its state machine (decisions.md section 5):
 * pending -> processing | failed; processing -> completed | failed; failed ->
 * pending; completed -> refunded. Paying asks for the method and reference,
 * failing for an optional reason, refunding for confirmation. With M-Pesa payouts
 * (decisions.md section 11) a pending payment is paid by releasing it, not by Process, and
 * one M-Pesa has (sent, no answer yet) has no moves until M-Pesa answers; one whose outcome
 * stayed unknown is marked paid or failed here, after checking the M-Pesa portal.
 */
export function PaymentActions({ payment }: { payment: Payment }) {
  const update = useUpdatePaymentStatus();
  const config = usePayoutConfig().data;
  const provider = config?.provider;
  const [dialog, setDialog] = useState<'complete' | 'fail' | null>(null);
  const person = payeeOf(payment);
  const pending = update.isPending;
  const amount = formatKesDecimal(payment.amount);

  /** Resolves to null on success, else the error (already toasted). */
  async function move(input: PaymentStatusInput): Promise<unknown> {
    try {
      await update.mutateAsync({ id: payment.id, ...input });
      toast({
        title: 'Payment updated',
        description: `The ${amount} payment to ${person} ${movedText[input.status]}.`,
      });
      return null;
    } catch (error) {
      toastFailure(
        'Failed to update payment',
        error,
        'The payment could not be updated. Please try again.',
      );
      return error;
    }
  }

  function choose(to: PaymentStatus) {
    if (to === 'completed') setDialog('complete');
    else if (to === 'failed') setDialog('fail');
    else void move({ status: to });
  }

  // Processing by hand is the manual path, and with M-Pesa only for a payment it cannot carry
  // (the release says to pay it by hand); others go out by release. Until the provider is
  // known Process waits, rather than show and vanish.
  const byHand = provider === 'manual' || (config !== undefined && paidByHandOnly(payment, config));
  const moves = withMpesa(payment)
    ? []
    : paymentTransitions[payment.status].filter(
        (to) => !(payment.status === 'pending' && to === 'processing' && !byHand),
      );
  return (
    <StatusActions
      className="flex items-center justify-end gap-2"
      moves={moves}
      asButtons={moves}
      // After a move the focused button stays put, now offering the next step.
      keyByPosition
      verb={(to) => moveVerb[to]}
      buttonSize="sm"
      button={(to) => ({
        variant: to === 'failed' || to === 'refunded' ? 'ghost' : 'outline',
        ariaLabel: `${moveVerb[to]}: ${amount} to ${person}`,
      })}
      confirm={(to) =>
        to === 'refunded'
          ? {
              title: 'Refund this payment?',
              description: `The ${amount} paid to ${person} for “${payment.testTitle}” (reference ${payment.transactionId ?? 'none'}) will be recorded as refunded and no longer counts towards their earnings or the total paid out. This cannot be undone.`,
              confirmLabel: 'Refund',
              cancelLabel: 'Keep payment',
              destructive: true,
            }
          : undefined
      }
      pending={pending}
      onMove={choose}
      empty={
        <span className="text-xs text-muted-foreground">
          {withMpesa(payment) ? 'With M-Pesa: wait for its answer' : 'No further steps'}
        </span>
      }
    >
      {dialog === 'complete' && (
        <CompletePaymentDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          payment={payment}
          person={person}
          pending={pending}
          onComplete={(values) => move({ status: 'completed', ...values })}
        />
      )}
      {dialog === 'fail' && (
        <FailPaymentDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          payment={payment}
          person={person}
          pending={pending}
          onFail={async (failureReason) =>
            (await move({ status: 'failed', ...(failureReason ? { failureReason } : {}) })) === null
          }
        />
      )}
    </StatusActions>
  );
}
