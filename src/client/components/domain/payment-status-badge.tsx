import { StatusBadge, statusOptions } from './status-badge';
import type { BadgeProps } from '@/client/components/ui/badge';
import { useT } from '@/client/i18n/language';
import { paymentStatuses, type PaymentStatus } from '@/shared/schemas/options';

/** The English labels, for the staff console's filters (the console stays English). */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
};

export const paymentStatusOptions = statusOptions(paymentStatuses, paymentStatusLabels);

const variants: Record<PaymentStatus, BadgeProps['variant']> = {
  pending: 'warning',
  processing: 'info',
  completed: 'success',
  failed: 'destructive',
  refunded: 'outline',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const t = useT('ui');
  return (
    <StatusBadge status={status} label={t(`status.payment.${status}`)} variant={variants[status]} />
  );
}
