import { useWatch } from 'react-hook-form';
import { useZodForm } from '@/client/lib/use-zod-form';
import { FormDialog } from '@/client/components/ui/form-dialog';
import { ChoiceField, TextField } from '@/client/components/ui/form-fields';
import { getApiErrorDetails } from '@/client/lib/api';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { formatKesExact } from '@/client/lib/format-kes-exact';
import {
  type Payment,
  type PaymentCompletionData,
  paymentCompletionSchema,
  paymentMethods,
} from '@/shared/schemas/payments';

const methodOptions = paymentMethods.map((value) => ({ value, label: value }));

/**
 * Marking a payment as paid: how (M-Pesa or bank transfer) and its reference,
 * both required. The shared schema checks an M-Pesa code's form (QGH7XK2L9P).
 */
export function CompletePaymentDialog({
  open,
  onOpenChange,
  payment,
  person,
  pending,
  onComplete,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  payment: Payment;
  person: string;
  pending: boolean;
  /** Resolves to null once paid, else the error (field errors are shown in the form). */
  onComplete: (values: PaymentCompletionData) => Promise<unknown>;
}) {
  const form = useZodForm(paymentCompletionSchema, {
    paymentMethod: 'M-Pesa',
    transactionId: payment.transactionId ?? '',
  });
  const method = useWatch({ control: form.control, name: 'paymentMethod' });

  async function submit(values: PaymentCompletionData) {
    const error = await onComplete(values);
    if (error === null) {
      onOpenChange(false);
      return;
    }
    applyFieldErrors(form.setError, getApiErrorDetails(error).fieldErrors, [
      'paymentMethod',
      'transactionId',
    ]);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Mark payment as paid"
      description={
        <>
          Record how {formatKesExact(payment.amount)} was paid to {person} for “{payment.testTitle}
          ”. They are e-mailed the reference.
        </>
      }
      form={form}
      onSubmit={submit}
      pending={pending}
      submitLabel="Mark as paid"
      pendingLabel="Saving…"
    >
      <ChoiceField
        control={form.control}
        name="paymentMethod"
        label="Payment method"
        options={methodOptions}
        required
      />
      <TextField
        control={form.control}
        name="transactionId"
        label={method === 'M-Pesa' ? 'M-Pesa code' : 'Bank reference'}
        required
        autoComplete="off"
        placeholder={method === 'M-Pesa' ? 'QGH7XK2L9P' : 'e.g. FT24123ABC45'}
        description={
          method === 'M-Pesa'
            ? 'The 10-character code from the M-Pesa confirmation message.'
            : 'The reference on the bank’s transfer confirmation.'
        }
      />
    </FormDialog>
  );
}
