import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Admin, AdminStatus } from '@/shared/schemas/admins';
import { adminsQueryKey } from './get-admins';

/**
 * PUT /api/admin/{id}/status (super admins): disabling ends the admin's sessions at once;
 * 409 for oneself or the last enabled super admin.
 */
export async function setAdminStatus({
  id,
  status,
}: {
  id: string;
  status: AdminStatus;
}): Promise<{ admin: Admin }> {
  const response = await apiRequest('PUT', `/api/admin/${encodeURIComponent(id)}/status`, {
    status,
  });
  return (await response.json()) as { admin: Admin };
}

export function useSetAdminStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdminStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQueryKey }),
  });
}
