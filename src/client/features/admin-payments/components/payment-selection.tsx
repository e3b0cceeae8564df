import { SendIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Label } from '@/client/components/ui/label';
import { formatKesExact } from '@/client/lib/format-kes-exact';
import { paymentCount } from '@/client/lib/payout-progress';
import { centsToDecimal, formatKesDecimal, sumCents, toCents } from '@/shared/rules/money';
import type { Payment } from '@/shared/schemas/payments';
import { payeeOf } from './payment-actions';

/**
 * The pending payments ticked for release. Only pending payments on screen count, so one
 * released or moved elsewhere meanwhile drops out of the count and the total by itself.
 */
export function usePaymentSelection(items: readonly Payment[]) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const pending = useMemo(() => items.filter((p) => p.status === 'pending'), [items]);
  const chosen = useMemo(() => pending.filter((p) => ticked.has(p.id)), [pending, ticked]);
  const total = centsToDecimal(sumCents(chosen.map((p) => toCents(p.amount))));

  return {
    pending,
    chosen,
    total,
    isChosen: (id: string) => ticked.has(id),
    toggle(id: string, on: boolean) {
      setTicked((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });
    },
    setAll(on: boolean) {
      setTicked(on ? new Set(pending.map((p) => p.id)) : new Set());
    },
    clear: () => setTicked(new Set()),
  };
}
export type PaymentSelection = ReturnType<typeof usePaymentSelection>;

/** A pending payment's tick box, named by the person, the amount and the study. */
export function SelectPayment({
  payment,
  selection,
}: {
  payment: Payment;
  selection: PaymentSelection;
}) {
  if (payment.status !== 'pending') return null;
  return (
    <Checkbox
      checked={selection.isChosen(payment.id)}
      onCheckedChange={(checked) => selection.toggle(payment.id, checked === true)}
      aria-label={`Select ${formatKesDecimal(payment.amount)} to ${payeeOf(payment)} (${payment.testTitle})`}
      data-select-payment={payment.id}
    />
  );
}

/**
 * Above the list: "Select all pending on this page", how many are chosen, and "Release N
 * payments (Ksh total)", which opens the confirmation.
 */
export function ReleaseBar({
  selection,
  onRelease,
}: {
  selection: PaymentSelection;
  onRelease: () => void;
}) {
  const { pending, chosen } = selection;
  const all = pending.length > 0 && chosen.length === pending.length;
  return (
    <div
      role="group"
      aria-label="Release payments"
      className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-center gap-2">
        <Checkbox
          id="select-all-pending"
          checked={all ? true : chosen.length > 0 ? 'indeterminate' : false}
          onCheckedChange={(checked) => selection.setAll(checked === true)}
          disabled={pending.length === 0}
        />
        <Label htmlFor="select-all-pending" className="leading-5 font-normal">
          {pending.length === 0
            ? 'No pending payments on this page'
            : `Select all pending on this page (${pending.length})`}
        </Label>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <p className="text-sm text-muted-foreground" aria-live="polite" aria-atomic="true">
          {chosen.length === 0
            ? 'Tick the pending payments to release.'
            : `${chosen.length} selected`}
        </p>
        <Button onClick={onRelease} disabled={chosen.length === 0} data-release-button>
          <SendIcon aria-hidden="true" />
          {chosen.length === 0
            ? 'Release payments'
            : `Release ${paymentCount(chosen.length)} (${formatKesExact(selection.total)})`}
        </Button>
      </div>
    </div>
  );
}
