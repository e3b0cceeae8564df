import type { Payment } from '@/shared/schemas/payments';

/** M-Pesa has it: sent or about to be, no answer yet. Staff cannot move it meanwhile. */
const WITH_MPESA = new Set<Payment['payoutState']>(['queued', 'sending', 'accepted', 'querying']);

export function withMpesa(payment: Payment): boolean {
  return payment.status === 'processing' && WITH_MPESA.has(payment.payoutState);
}

export type PayoutStateLine = {
  text: string;
  tone?: 'muted' | 'warning' | 'danger';
  /** The number paid to, kept on one line (the line may break before it). */
  phone?: string;
};

/** Where a released payment stands, in words (decisions.md section 11). */
export function payoutStateLines(payment: Payment): PayoutStateLine[] {
  const lines: PayoutStateLine[] = [];
  if (payment.status === 'processing') {
    switch (payment.payoutState) {
      case 'queued':
        lines.push(
          payment.payoutError
            ? { text: `Not sent yet: ${payment.payoutError}; retrying`, tone: 'warning' }
            : { text: 'Queued' },
        );
        break;
      case 'sending':
        lines.push({ text: 'Sending' });
        break;
      case 'accepted':
        lines.push({ text: 'Waiting for M-Pesa' });
        break;
      case 'querying':
        lines.push({ text: 'Checking with M-Pesa' });
        break;
      case 'unknown':
        lines.push({
          text: 'Outcome unknown — check the M-Pesa portal, then mark it paid or failed',
          tone: 'warning',
        });
        break;
      default:
        if (payment.payoutId)
          lines.push({ text: 'Released: pay it with the bulk file, then mark it paid' });
    }
  } else if (payment.status === 'completed' && payment.payoutState === 'succeeded') {
    lines.push({ text: 'Paid over M-Pesa' });
  } else if (payment.status === 'failed') {
    lines.push({
      text: payment.failureReason ? `Failed: ${payment.failureReason}` : 'Failed',
      tone: 'danger',
    });
  }
  if (payment.attempts > 1) lines.push({ text: `Attempt ${payment.attempts}`, tone: 'muted' });
  if (payment.paidTo && payment.status !== 'pending')
    lines.push({ text: `To ${payment.paidTo}`, tone: 'muted', phone: payment.paidTo });
  return lines;
}
