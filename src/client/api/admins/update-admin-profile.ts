import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Admin, AdminProfile } from '@/shared/schemas/admins';
import { adminKeys } from './keys';

/**
 * PUT /api/admin/profile: the signed-in admin's names, e-mail and phone; a new e-mail needs
 * `currentPassword` (400 on that field when missing or wrong, 409 when the e-mail is taken).
 */
export function updateAdminProfile(input: AdminProfile): Promise<{ admin: Admin }> {
  return apiJson('PUT', '/api/admin/profile', input);
}

export function useUpdateAdminProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
