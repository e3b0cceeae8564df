import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { Form } from '@/client/components/ui/form';
import { LongTextField } from '@/client/components/ui/form-fields';
import { formatKesDecimal } from '@/shared/rules/money';
import {
  type Payment,
  type PaymentFailureInput,
  paymentFailureSchema,
} from '@/shared/schemas/payments';
import { DialogFormActions } from '@/client/components/ui/pending-button';

/** Marking a payment as failed, with an optional reason; it can be retried later. */
export function FailPaymentDialog({
  open,
  onOpenChange,
  payment,
  person,
  pending,
  onFail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  payment: Payment;
  person: string;
  pending: boolean;
  /** Resolves to true once marked failed (the dialog then closes). */
  onFail: (failureReason: string | undefined) => Promise<boolean>;
}) {
  const form = useForm<PaymentFailureInput>({
    resolver: zodResolver(paymentFailureSchema),
    defaultValues: { failureReason: '' },
  });

  async function submit(values: PaymentFailureInput) {
    if (await onFail(values.failureReason.trim() || undefined)) onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark payment as failed?</DialogTitle>
          <DialogDescription>
            The {formatKesDecimal(payment.amount)} payment to {person} stays owed; you can retry it
            later.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            onSubmit={(event) => void form.handleSubmit(submit)(event)}
            className="grid gap-4"
          >
            <LongTextField
              control={form.control}
              name="failureReason"
              label="Reason"
              optional
              rows={3}
              placeholder="e.g. The M-Pesa number is not registered"
            />
            <DialogFormActions
              pending={pending}
              onCancel={() => onOpenChange(false)}
              submitLabel="Mark as failed"
              pendingLabel="Saving…"
              destructive
            />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
