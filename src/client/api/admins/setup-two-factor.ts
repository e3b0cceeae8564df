import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { TwoFactorSetup } from '@/shared/schemas/two-factor';

/**
 * POST /api/admin/2fa/setup: a new secret waiting for its first code (an earlier one is
 * replaced); 409 while two-step sign-in is on.
 */
export function setupTwoFactor(): Promise<TwoFactorSetup> {
  return apiJson('POST', '/api/admin/2fa/setup');
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}
