import { Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/client/components/ui/alert-dialog';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatKesDecimal } from '@/shared/rules/money';
import { paymentTransitions } from '@/shared/rules/transitions';
import type { PaymentStatus } from '@/shared/schemas/options';
import type { Payment, PaymentStatusInput } from '@/shared/schemas/payments';
import { useUpdatePaymentStatus } from '@/client/api/payments/update-payment-status';
import { CompletePaymentDialog } from './complete-payment-dialog';
import { FailPaymentDialog } from './fail-payment-dialog';

/** The button for each move: "Process payment to Jane Doe". */
const moveVerb: Record<PaymentStatus, string> = {
  pending: 'Retry',
  processing: 'Process',
  completed: 'Mark paid',
  failed: 'Mark failed',
  refunded: 'Refund',
};

const movedText: Record<PaymentStatus, string> = {
  pending: 'is pending again',
  processing: 'is being processed',
  completed: 'is paid',
  failed: 'is marked as failed',
  refunded: 'is refunded',
};

export function payeeOf(payment: Payment): string {
  return payment.participantName ?? 'Deleted participant';
}

/**
 * A payment's row actions along its state machine (decisions.md section 5):
 * pending -> processing | failed; processing -> completed | failed; failed ->
 * pending; completed -> refunded. Paying asks for the method and reference,
 * failing for an optional reason, refunding for confirmation.
 */
export function PaymentActions({ payment }: { payment: Payment }) {
  const update = useUpdatePaymentStatus();
  const [dialog, setDialog] = useState<'complete' | 'fail' | 'refund' | null>(null);
  const [chosen, setChosen] = useState<PaymentStatus | null>(null);
  const person = payeeOf(payment);
  const moves = paymentTransitions[payment.status];
  const pending = update.isPending;
  const amount = formatKesDecimal(payment.amount);

  /** Resolves to null on success, else the error (already toasted). */
  async function move(input: PaymentStatusInput): Promise<unknown> {
    setChosen(input.status);
    try {
      await update.mutateAsync({ id: payment.id, ...input });
      toast({
        title: 'Payment updated',
        description: `The ${amount} payment to ${person} ${movedText[input.status]}.`,
      });
      return null;
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to update payment',
        description: errorMessageOf(error, 'The payment could not be updated. Please try again.'),
      });
      return error;
    }
  }

  function choose(to: PaymentStatus) {
    if (to === 'completed') setDialog('complete');
    else if (to === 'failed') setDialog('fail');
    else if (to === 'refunded') setDialog('refund');
    else void move({ status: to });
  }

  if (moves.length === 0) {
    return <span className="text-xs text-muted-foreground">No further steps</span>;
  }

  return (
    <div className="flex items-center justify-end gap-2">
      {/* Keyed by position: after a move the focused button stays put, now offering the next step. */}
      {moves.map((to, i) => (
        <Button
          key={i}
          size="sm"
          variant={to === 'failed' || to === 'refunded' ? 'ghost' : 'outline'}
          disabled={pending}
          aria-label={`${moveVerb[to]}: ${amount} to ${person}`}
          onClick={() => choose(to)}
        >
          {pending && chosen === to && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {pending && chosen === to ? 'Saving…' : moveVerb[to]}
        </Button>
      ))}

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
      <AlertDialog open={dialog === 'refund'} onOpenChange={(open) => !open && setDialog(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Refund this payment?</AlertDialogTitle>
            <AlertDialogDescription>
              The {amount} paid to {person} for “{payment.testTitle}” (reference{' '}
              {payment.transactionId ?? 'none'}) will be recorded as refunded and no longer counts
              towards their earnings or the total paid out. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep payment</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: 'destructive' })}
              onClick={() => void move({ status: 'refunded' })}
            >
              Refund
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
