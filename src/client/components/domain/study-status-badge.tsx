import { StatusBadge, statusOptions } from './status-badge';
import type { StudyStatus } from '@/shared/schemas/options';
import { studyStatuses } from '@/shared/schemas/options';
import type { BadgeProps } from '@/client/components/ui/badge';
import { useT } from '@/client/i18n/language';

/**
 * The English label of each of the six study statuses (decisions.md section 6: the badge
 * knows them all), for the staff console's selectors and filters, which stay English; the
 * badge says them in the page's language (`status.study.*` in the common messages).
 */
export const studyStatusLabels: Record<StudyStatus, string> = {
  not_started: 'Not Started',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled',
  postponed: 'Postponed',
};

/** The six statuses in their order, for selectors and filters. */
export const studyStatusOptions = statusOptions(studyStatuses, studyStatusLabels);

const variants: Record<StudyStatus, BadgeProps['variant']> = {
  not_started: 'outline',
  active: 'success',
  paused: 'warning',
  completed: 'info',
  cancelled: 'destructive',
  postponed: 'secondary',
};

/** A study's status (wire name "test"), with a colour per status. */
export function StudyStatusBadge({
  status,
  className,
}: {
  status: StudyStatus;
  className?: string;
}) {
  const t = useT('ui');
  return (
    <StatusBadge
      status={status}
      label={t(`status.study.${status}`)}
      variant={variants[status]}
      className={className}
    />
  );
}
