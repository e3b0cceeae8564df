import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import { invalidateAll } from '@/client/api/invalidate';
import { sessionKeys } from '@/client/api/auth/keys';
import type { EnableTwoFactorInput, RecoveryCodes } from '@/shared/schemas/two-factor';
import { adminKeys, twoFactorKeys } from './keys';

/**
 * POST /api/admin/2fa/enable: the first code of the new secret turns two-step sign-in on and
 * answers the 10 recovery codes, this once. The admin's other sessions end.
 */
export function enableTwoFactor(input: EnableTwoFactorInput): Promise<RecoveryCodes> {
  return apiJson('POST', '/api/admin/2fa/enable', input);
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () =>
      invalidateAll(queryClient, [twoFactorKeys.status, adminKeys.all, sessionKeys.session]),
  });
}
