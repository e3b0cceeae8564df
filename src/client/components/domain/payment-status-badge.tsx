import { Badge, type BadgeProps } from '@/client/components/ui/badge';
import { paymentStatuses, type PaymentStatus } from '@/shared/schemas/options';

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
};

export const paymentStatusOptions = paymentStatuses.map((value) => ({
  value,
  label: paymentStatusLabels[value],
}));

const variants: Record<PaymentStatus, BadgeProps['variant']> = {
  pending: 'warning',
  processing: 'info',
  completed: 'success',
  failed: 'destructive',
  refunded: 'outline',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge variant={variants[status]} data-status={status}>
      {paymentStatusLabels[status]}
    </Badge>
  );
}
