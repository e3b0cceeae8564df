import { applicationStatusLabel, applicationStatusVariant } from '@/client/lib/application-status';
import type { ApplicationStatus } from '@/shared/schemas/options';
import { Badge } from '@/client/components/ui/badge';

/** An application's status (spec section 4): styled for four statuses, the others neutral. */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <Badge variant={applicationStatusVariant(status)} data-status={status}>
      {applicationStatusLabel(status)}
    </Badge>
  );
}
