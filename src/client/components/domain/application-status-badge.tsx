import { useT } from '@/client/i18n/language';
import { applicationStatusVariant } from '@/client/lib/application-status';
import type { ApplicationStatus } from '@/shared/schemas/options';
import { StatusBadge } from './status-badge';

/** An application's status (spec section 4): styled for four statuses, the others neutral. */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const t = useT('ui');
  return (
    <StatusBadge
      status={status}
      label={t(`status.application.${status}`)}
      variant={applicationStatusVariant(status)}
    />
  );
}
