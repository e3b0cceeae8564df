import { useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useAddExtraPayment } from '@/client/api/payments/add-extra-payment';
import { useExtraPaymentOptions } from '@/client/api/payments/get-extra-payment-options';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { FormDialog } from '@/client/components/ui/form-dialog';
import { ChoiceField, LongTextField, TextField } from '@/client/components/ui/form-fields';
import { ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessageOf } from '@/client/lib/error-message';
import { reportSubmitFailure } from '@/client/lib/form-errors';
import { useZodForm } from '@/client/lib/use-zod-form';
import { formatKes, formatKesDecimal } from '@/shared/rules/money';
import type { Application } from '@/shared/schemas/applications';
import {
  type ExtraPaymentData,
  type ExtraPaymentOptions,
  type ExtraPaymentReasonOption,
  extraPaymentSchema,
  paymentReasonLabels,
} from '@/shared/schemas/extra-payments';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  application: Application;
  person: string;
  /** Called once added, before the dialog closes (keeps the row's focus). */
  onAdded?: () => void;
};

/**
 * "Add payment…" on an applicant (decisions.md section 11): a show-up fee, a transport
 * refund, a bonus or another payment, pending in Ksh and released with the others. The
 * reasons the application cannot take now stay in the list, disabled, each with why (a
 * show-up fee waits for attended or excused; one show-up fee and one transport refund
 * each); the amount is checked against the payout limit the server names.
 */
export function AdminAddPaymentDialog(props: Props) {
  const { open, onOpenChange, application, person } = props;
  const options = useExtraPaymentOptions(application.id, { enabled: open });
  const title = `Add a payment for ${person}`;
  const data = options.data;

  if (!data || !data.reasons.some((r) => r.allowed))
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>
              A show-up fee, transport refund, bonus or other payment for “{application.test.title}
              ”.
            </DialogDescription>
          </DialogHeader>
          {options.isPending ? (
            <LoadingList label="Loading what can be paid…" count={2} itemClassName="h-10" />
          ) : options.isError ? (
            <ErrorState
              title="What can be paid could not be loaded."
              message={errorMessageOf(options.error, 'Please try again.')}
              onRetry={() => void options.refetch()}
              retrying={options.isFetching}
            />
          ) : (
            <p className="text-sm" data-testid="no-extra-payment">
              No payment can be added now. {data?.reasons[0]?.why}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Close
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );

  return <AddPaymentForm {...props} title={title} options={data} />;
}

function AddPaymentForm({
  open,
  onOpenChange,
  application,
  person,
  onAdded,
  title,
  options,
}: Props & { title: string; options: ExtraPaymentOptions }) {
  const schema = useMemo(() => extraPaymentSchema(options.maxAmount), [options.maxAmount]);
  const firstAllowed = options.reasons.find((r) => r.allowed)!.reason;
  const form = useZodForm(schema, { amount: '', reason: firstAllowed, note: '' });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const add = useAddExtraPayment();
  // A second click lands before isPending shows: one payment per submit.
  const busy = useRef(false);
  const unavailable = options.reasons.filter((r) => !r.allowed);
  const limit = formatKes(BigInt(options.maxAmount) * 100n);

  async function submit(values: ExtraPaymentData) {
    if (busy.current) return;
    busy.current = true;
    onAdded?.();
    try {
      const payment = await add.mutateAsync({ applicationId: application.id, ...values });
      toast({
        title: 'Payment added',
        description: `${paymentReasonLabels[payment.reason]} of ${formatKesDecimal(payment.amount)} for ${person} is pending; release it with the others in Payments.`,
      });
      onOpenChange(false);
    } catch (error) {
      reportSubmitFailure(
        form.setError,
        ['amount', 'reason', 'note'],
        error,
        'Payment not added',
        (message) => message ?? 'Nothing was added. Please try again.',
      );
    } finally {
      busy.current = false;
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={
        <>
          A pending payment in Ksh for “{application.test.title}”, paid out with the others.
          {options.payments.length > 0 && (
            <> Already on this application: {paymentsText(options.payments)}.</>
          )}
        </>
      }
      form={form}
      onSubmit={submit}
      pending={add.isPending}
      submitLabel="Add payment"
      pendingLabel="Adding…"
    >
      <ChoiceField
        control={form.control}
        name="reason"
        label="Reason"
        required
        placeholder="Choose a reason"
        options={options.reasons.map((r) => ({
          value: r.reason,
          disabled: !r.allowed,
          label: (
            <>
              {paymentReasonLabels[r.reason]}
              {!r.allowed && <span className="text-muted-foreground"> (not available)</span>}
            </>
          ),
        }))}
        description={
          unavailable.length > 0 && (
            <span data-testid="unavailable-reasons">
              {unavailable.map((r) => (
                <UnavailableReason key={r.reason} option={r} />
              ))}
            </span>
          )
        }
      />
      <TextField
        control={form.control}
        name="amount"
        label="Amount (Ksh)"
        required
        inputMode="decimal"
        autoComplete="off"
        placeholder="e.g. 500"
        description={`Up to ${limit}, the payout limit per transaction; at most 2 decimals.`}
      />
      <LongTextField
        control={form.control}
        name="note"
        label="Note"
        rows={3}
        required={reason === 'other'}
        optional={reason !== 'other'}
        description={
          reason === 'other'
            ? 'Say what this payment is for.'
            : 'What it is for, if it helps (kept with the payment).'
        }
      />
    </FormDialog>
  );
}

function UnavailableReason({ option }: { option: ExtraPaymentReasonOption }) {
  return (
    <span className="block">
      <span className="font-medium">{paymentReasonLabels[option.reason]}</span> is not available:{' '}
      {lowerFirst(option.why ?? '')}.
    </span>
  );
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function paymentsText(payments: ExtraPaymentOptions['payments']): string {
  return payments
    .map((p) => `${paymentReasonLabels[p.reason].toLowerCase()} ${formatKesDecimal(p.amount)}`)
    .join(', ');
}
