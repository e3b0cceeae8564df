import type { BadgeProps } from '@/client/components/ui/badge';
import type { ApplicationStatus } from '@/shared/schemas/options';

/**
 * Spec section 4: 'Application Submitted' for interested, 'No-show' for no_show (decisions.md
 * section 9), otherwise the status itself.
 */
export function applicationStatusLabel(status: ApplicationStatus): string {
  if (status === 'interested') return 'Application Submitted';
  if (status === 'no_show') return 'No-show';
  return status.charAt(0).toUpperCase() + status.slice(1);
}

const variants: Partial<Record<ApplicationStatus, BadgeProps['variant']>> = {
  interested: 'info',
  scheduled: 'default',
  completed: 'success',
  declined: 'destructive',
};

/** Styled for interested, scheduled, completed and declined; the other statuses are neutral. */
export function applicationStatusVariant(status: ApplicationStatus): BadgeProps['variant'] {
  return variants[status] ?? 'outline';
}
