import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Application } from '@/shared/schemas/applications';

export const applicationsQueryKey = ['/api/applications'] as const;

/** GET /api/applications: a participant's own applications, each with its study summarised. */
export async function getApplications(): Promise<{ applications: Application[] }> {
  const response = await apiRequest('GET', applicationsQueryKey[0]);
  return (await response.json()) as { applications: Application[] };
}

export function applicationsQueryOptions() {
  return queryOptions({ queryKey: applicationsQueryKey, queryFn: getApplications });
}

export function useApplications() {
  return useQuery(applicationsQueryOptions());
}
