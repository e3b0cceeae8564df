import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Admin } from '@/shared/schemas/admins';

export const adminsQueryKey = ['/api/admin/list'] as const;

/** GET /api/admin/list: every admin, newest first (never a password hash). */
export async function getAdmins(signal?: AbortSignal): Promise<{ admins: Admin[] }> {
  const response = await apiRequest('GET', adminsQueryKey[0], undefined, signal);
  return (await response.json()) as { admins: Admin[] };
}

export function adminsQueryOptions() {
  return queryOptions({ queryKey: adminsQueryKey, queryFn: ({ signal }) => getAdmins(signal) });
}

export function useAdmins() {
  return useQuery(adminsQueryOptions());
}
