import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Admin } from '@/shared/schemas/admins';
import { adminKeys } from './keys';

/** GET /api/admin/list: every admin, newest first (never a password hash). */
export function getAdmins(signal?: AbortSignal): Promise<{ admins: Admin[] }> {
  return apiJson('GET', adminKeys.all[0], undefined, signal);
}

export function useAdmins() {
  return useQuery(
    queryOptions({ queryKey: adminKeys.all, queryFn: ({ signal }) => getAdmins(signal) }),
  );
}
