import { useZodForm } from '@/client/lib/use-zod-form';
import { FormDialog } from '@/client/components/ui/form-dialog';
import { LongTextField } from '@/client/components/ui/form-fields';
import { formatKesDecimal } from '@/shared/rules/money';
import {
  type Payment,
  type PaymentFailureInput,
  paymentFailureSchema,
} from '@/shared/schemas/payments';

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
  const form = useZodForm(paymentFailureSchema, { failureReason: '' });

  async function submit(values: PaymentFailureInput) {
    if (await onFail(values.failureReason.trim() || undefined)) onOpenChange(false);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Mark payment as failed?"
      description={
        <>
          The {formatKesDecimal(payment.amount)} payment to {person} stays owed; you can retry it
          later.
        </>
      }
      form={form}
      onSubmit={submit}
      pending={pending}
      submitLabel="Mark as failed"
      pendingLabel="Saving…"
      destructive
    >
      <LongTextField
        control={form.control}
        name="failureReason"
        label="Reason"
        optional
        rows={3}
        placeholder="e.g. The M-Pesa number is not registered"
      />
    </FormDialog>
  );
}
