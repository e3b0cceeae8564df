import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson } from '@/client/lib/api';
import type { Admin, createAdminSchema } from '@/shared/schemas/admins';
import { adminKeys } from './keys';

export type CreateAdminPayload = z.output<typeof createAdminSchema>;

/** POST /api/admin/create (super admins only): 201 with the admin, 409 when the e-mail is taken. */
export function createAdmin(input: CreateAdminPayload): Promise<{ admin: Admin }> {
  return apiJson('POST', '/api/admin/create', input);
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
