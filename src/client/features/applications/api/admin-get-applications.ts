import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import { usePagedList } from '@/client/lib/use-paged-list';
import type { AdminApplication } from '@/shared/schemas/applications';
import type { ApplicationStatus } from '@/shared/schemas/options';
import type { Study } from '@/shared/schemas/studies';
import { applicationsQueryKey } from './get-applications';

export type AdminApplicationFilters = {
  status?: ApplicationStatus | undefined;
  testId?: string | undefined;
  search?: string | undefined;
};

/** GET /api/applications?status=&testId=&search=&limit=&cursor= as an admin, newest first. */
export function useAdminApplications(filters: AdminApplicationFilters) {
  return usePagedList<AdminApplication>(applicationsQueryKey[0], 'applications', filters);
}

/** The same key as the Tests tab's list: one request serves both. */
const studyOptionsQueryKey = ['/api/tests', 'all'] as const;

/** GET /api/tests as an admin: every study, for the study filter. */
export function useAdminStudyOptions() {
  return useQuery(
    queryOptions({
      queryKey: studyOptionsQueryKey,
      queryFn: async ({ signal }) => {
        const response = await apiRequest('GET', studyOptionsQueryKey[0], undefined, signal);
        return (await response.json()) as { tests: Study[] };
      },
    }),
  );
}
