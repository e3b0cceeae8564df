import { StatusBadge, statusOptions } from '@/client/components/domain/status-badge';
import type { BadgeProps } from '@/client/components/ui/badge';
import { requestStatuses, type RequestStatus } from '@/shared/schemas/options';

const labels: Record<RequestStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  'in-progress': 'In progress',
  closed: 'Closed',
};

const variants: Record<RequestStatus, BadgeProps['variant']> = {
  new: 'info',
  contacted: 'warning',
  'in-progress': 'default',
  closed: 'secondary',
};

/** What the button moving a request to `status` says. */
const moveLabels: Record<RequestStatus, string> = {
  new: 'Mark as new',
  contacted: 'Mark as contacted',
  'in-progress': 'Mark as in progress',
  closed: 'Close request',
};

export const requestStatusLabel = (status: RequestStatus) => labels[status];
export const requestMoveLabel = (status: RequestStatus) => moveLabels[status];
export const requestStatusOptions = statusOptions(requestStatuses, labels);

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return <StatusBadge status={status} label={labels[status]} variant={variants[status]} />;
}
