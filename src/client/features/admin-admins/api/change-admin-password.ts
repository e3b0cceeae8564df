import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { ChangePasswordInput } from '@/shared/schemas/auth';

/**
 * PUT /api/admin/{id}/password: an admin's own password, with the current one
 * (a wrong one is 400 with a field message); the admin's other sessions end.
 */
export async function changeAdminPassword(
  adminId: string,
  input: ChangePasswordInput,
): Promise<void> {
  await apiRequest('PUT', `/api/admin/${encodeURIComponent(adminId)}/password`, input);
}

export function useChangeAdminPassword(adminId: string) {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => changeAdminPassword(adminId, input),
  });
}
