import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import { invalidateAll } from '@/client/api/invalidate';
import { sessionKeys } from '@/client/api/auth/keys';
import type { SecondFactorCodeInput } from '@/shared/schemas/two-factor';
import { adminKeys, twoFactorKeys } from './keys';

/**
 * DELETE /api/admin/2fa: a code from the app or a recovery code turns two-step sign-in off;
 * the admin's other sessions end. Five wrong codes end this session too.
 */
export async function disableTwoFactor(input: SecondFactorCodeInput): Promise<void> {
  await apiRequest('DELETE', '/api/admin/2fa', input);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () =>
      invalidateAll(queryClient, [twoFactorKeys.status, adminKeys.all, sessionKeys.session]),
  });
}
