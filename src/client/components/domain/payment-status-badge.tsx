import { StatusBadge, statusOptions } from './status-badge';
import type { BadgeProps } from '@/client/components/ui/badge';
import { paymentStatuses, type PaymentStatus } from '@/shared/schemas/options';

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
  return (
    <StatusBadge status={status} label={paymentStatusLabels[status]} variant={variants[status]} />
  );
}
