import { paymentReasonLabels } from '@/shared/schemas/extra-payments';
import type { Payment } from '@/shared/schemas/payments';

/**
 * What an extra payment is for, under its amount: its reason ("Show-up fee") and the note
 * staff gave it (decisions.md section 11). A study's own payment (pay rate × duration), the
 * usual case, says nothing more. Phrasing content, so it fits in a cell or a paragraph.
 */
export function PaymentReason({ payment }: { payment: Payment }) {
  if (payment.reason === 'completion') return null;
  return (
    <span
      className="block text-right text-xs font-normal text-muted-foreground"
      data-payment-reason={payment.reason}
    >
      {paymentReasonLabels[payment.reason]}
      {payment.note && (
        <span className="block max-w-48 truncate whitespace-nowrap" title={payment.note}>
          {payment.note}
        </span>
      )}
    </span>
  );
}
