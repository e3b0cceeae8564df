import { TimeStamp } from '@/client/components/ui/time-stamp';
import { NO_VALUE } from '@/client/lib/no-value';
import { formatKesDecimal } from '@/shared/rules/money';
import type { Payment } from '@/shared/schemas/payments';
import { PaymentActions, payeeOf } from './payment-actions';
import { PaymentReason } from './payment-reason';
import { PaymentStatusBadge } from '@/client/components/domain/payment-status-badge';
import { type PaymentSelection, SelectPayment } from './payment-selection';
import { PayoutState } from './payout-state';

function NotYet({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true" className="text-muted-foreground">
        {NO_VALUE}
      </span>
      <span className="sr-only">{label}</span>
    </>
  );
}

/**
 * Below the sm breakpoint: one card per payment instead of the table, so the status
 * and the payment's moves are on screen without scrolling sideways.
 */
export function PaymentCards({
  payments,
  busy,
  selection,
}: {
  payments: Payment[];
  busy: boolean;
  selection: PaymentSelection;
}) {
  return (
    <ul className="grid gap-3 sm:hidden" aria-label="Payments" aria-busy={busy || undefined}>
      {payments.map((payment) => (
        <li key={payment.id} data-payment-id={payment.id} className="rounded-lg border p-4">
          <div className="flex items-start justify-between gap-3">
            {payment.status === 'pending' && (
              <div className="flex h-6 shrink-0 items-center">
                <SelectPayment payment={payment} selection={selection} />
              </div>
            )}
            <div className="min-w-0 flex-1">
              <p className="font-medium wrap-anywhere">{payeeOf(payment)}</p>
              {payment.participantEmail && (
                <p className="text-sm wrap-anywhere text-muted-foreground">
                  {payment.participantEmail}
                </p>
              )}
            </div>
            <p className="shrink-0 pt-0.5 font-semibold whitespace-nowrap tabular-nums">
              {formatKesDecimal(payment.amount)}
              <PaymentReason payment={payment} />
            </p>
          </div>
          <div className="mt-2">
            <PaymentStatusBadge status={payment.status} />
            <PayoutState payment={payment} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div className="col-span-2 min-w-0">
              <dt className="text-xs text-muted-foreground">Study</dt>
              <dd className="wrap-anywhere">{payment.testTitle}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Method</dt>
              <dd>{payment.paymentMethod ?? <NotYet label="None yet" />}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">Reference</dt>
              <dd className="font-mono text-xs leading-5 wrap-anywhere">
                {payment.transactionId ?? <NotYet label="None yet" />}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Created</dt>
              <dd>
                <TimeStamp value={payment.createdAt} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Paid</dt>
              <dd>
                {payment.processedAt ? (
                  <TimeStamp value={payment.processedAt} />
                ) : (
                  <NotYet label="Not yet" />
                )}
              </dd>
            </div>
          </dl>
          <div className="mt-3 border-t pt-3">
            <PaymentActions payment={payment} />
          </div>
        </li>
      ))}
    </ul>
  );
}
