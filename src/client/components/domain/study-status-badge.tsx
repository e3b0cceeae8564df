import { StatusBadge, statusOptions } from './status-badge';
import type { StudyStatus } from '@/shared/schemas/options';
import { studyStatuses } from '@/shared/schemas/options';
import type { BadgeProps } from '@/client/components/ui/badge';

/** The label of each of the six study statuses (decisions.md section 6: the badge knows them all). */
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
  return (
    <StatusBadge
      status={status}
      label={studyStatusLabels[status]}
      variant={variants[status]}
      className={className}
    />
  );
}
