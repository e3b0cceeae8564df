import type { ApplicationStatus } from '@/shared/schemas/options';
import type { RenderStatus } from './application-table';

/** The study page's frame, the same while loading, failed and loaded. */
export const studyPageShell = 'mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10';

/** The statuses as the study page names them (the breakdown, and rows without a badge). */
export const statusNames: Record<ApplicationStatus, string> = {
  interested: 'Interested',
  screening: 'Screening',
  selected: 'Selected',
  scheduled: 'Scheduled',
  completed: 'Completed',
  declined: 'Declined',
  disqualified: 'Disqualified',
  withdrawn: 'Withdrawn',
  no_show: 'No-show',
};

export const plainStatus: RenderStatus = (application) => statusNames[application.status];
