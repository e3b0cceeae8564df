import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Admin, AdminStatus } from '@/shared/schemas/admins';
import { adminKeys, adminUrl } from './keys';

/**
 * PUT /api/admin/{id}/status (super admins): disabling ends the admin's sessions at once;
 * 409 for oneself or the last enabled super admin.
 */
export function setAdminStatus({
  id,
  status,
}: {
  id: string;
  status: AdminStatus;
}): Promise<{ admin: Admin }> {
  return apiJson('PUT', `${adminUrl(id)}/status`, { status });
}

export function useSetAdminStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdminStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
