import { applicationStatusLabel, applicationStatusVariant } from '@/client/lib/application-status';
import type { ApplicationStatus } from '@/shared/schemas/options';
import { StatusBadge } from './status-badge';

/** An application's status (spec section 4): styled for four statuses, the others neutral. */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <StatusBadge
      status={status}
      label={applicationStatusLabel(status)}
      variant={applicationStatusVariant(status)}
    />
  );
}
