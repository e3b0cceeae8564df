import type { Payment } from '@/shared/schemas/payments';
import { cn } from '@/client/lib/utils';
import { type PayoutStateLine, payoutStateLines } from '../payout-state-text';

const toneClass: Record<NonNullable<PayoutStateLine['tone']>, string> = {
  muted: 'text-muted-foreground',
  warning: 'font-medium text-amber-900',
  danger: 'text-red-800',
};

/** The payout lines under a payment's status badge. */
export function PayoutState({ payment, className }: { payment: Payment; className?: string }) {
  const lines = payoutStateLines(payment);
  if (lines.length === 0) return null;
  return (
    <ul
      className={cn('mt-1 grid gap-0.5 text-xs', className)}
      data-payout-state={payment.payoutState ?? ''}
    >
      {lines.map((line) => (
        <li key={line.text} className={cn('wrap-anywhere', line.tone && toneClass[line.tone])}>
          {line.phone ? (
            <>
              To <span className="whitespace-nowrap">{line.phone}</span>
            </>
          ) : (
            line.text
          )}
        </li>
      ))}
    </ul>
  );
}
