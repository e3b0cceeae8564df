import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Admin, createAdminSchema } from '@/shared/schemas/admins';
import type { z } from 'zod';
import { adminsQueryKey } from './get-admins';

export type CreateAdminPayload = z.output<typeof createAdminSchema>;

/** POST /api/admin/create (super admins only): 201 with the admin, 409 when the e-mail is taken. */
export async function createAdmin(input: CreateAdminPayload): Promise<{ admin: Admin }> {
  const response = await apiRequest('POST', '/api/admin/create', input);
  return (await response.json()) as { admin: Admin };
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQueryKey }),
  });
}
