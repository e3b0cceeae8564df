import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Admin, AdminProfile } from '@/shared/schemas/admins';
import { adminsQueryKey } from './get-admins';

/**
 * PUT /api/admin/profile: the signed-in admin's names, e-mail and phone; a new e-mail needs
 * `currentPassword` (400 on that field when missing or wrong, 409 when the e-mail is taken).
 */
export async function updateAdminProfile(input: AdminProfile): Promise<{ admin: Admin }> {
  const response = await apiRequest('PUT', '/api/admin/profile', input);
  return (await response.json()) as { admin: Admin };
}

export function useUpdateAdminProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQueryKey }),
  });
}
