import { paths } from '@/shared/paths';

/** The admin dashboard's tabs, in order; the selected one is kept in `?tab=`. */
export const adminTabs = [
  { id: 'overview', label: 'Overview' },
  { id: 'participants', label: 'Participants' },
  { id: 'tests', label: 'Tests' },
  { id: 'applications', label: 'Applications' },
  { id: 'requests', label: 'Client Requests' },
  { id: 'payments', label: 'Payments' },
  { id: 'admins', label: 'Admin Management' },
  { id: 'activity', label: 'Activity' },
  { id: 'outbox', label: 'Outbox' },
  { id: 'settings', label: 'Settings' },
] as const;

export type AdminTab = (typeof adminTabs)[number]['id'];

export const adminTabIds: readonly AdminTab[] = adminTabs.map((tab) => tab.id);

export const isAdminTab = (value: string | null): value is AdminTab =>
  adminTabIds.includes(value as AdminTab);

/** The dashboard URL opening one tab, e.g. from a notification or the study page's Back link. */
export const adminTabHref = (tab: AdminTab) =>
  tab === 'overview' ? paths.adminDashboard : `${paths.adminDashboard}?tab=${tab}`;

/** The query parameter the Applications tab opens with a study chosen by. */
export const APPLICATIONS_STUDY_PARAM = 'study';

/** The Applications tab with one study chosen: its applicants, filterable by answer. */
export const studyApplicationsHref = (studyId: string) =>
  `${adminTabHref('applications')}&${APPLICATIONS_STUDY_PARAM}=${encodeURIComponent(studyId)}`;
