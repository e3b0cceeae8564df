import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/client/lib/api';
import type { SecondFactorCodeInput, SecondFactorFlags } from '@/shared/schemas/two-factor';

/**
 * POST /api/auth/step-up: a code entered on this session (204); for 5 minutes the actions
 * that need one (creating and disabling admins, releasing payouts) are allowed. The fifth
 * wrong code ends the session (401).
 */
export async function stepUp(input: SecondFactorCodeInput): Promise<void> {
  await apiRequest('POST', '/api/auth/step-up', input);
}

export function useStepUpMutation() {
  return useMutation({ mutationFn: stepUp });
}

/**
 * The second-factor flags of a refused request: `twoFactorRequired` (a sign-in that needs its
 * code), `stepUp` (an action that needs a fresh code), `enrolRequired` (set it up first).
 */
export function secondFactorFlagsOf(error: unknown): SecondFactorFlags {
  if (!(error instanceof ApiError) || !error.body) return {};
  try {
    const body: unknown = JSON.parse(error.body);
    if (!body || typeof body !== 'object') return {};
    const { twoFactorRequired, stepUp, enrolRequired } = body as Record<string, unknown>;
    return {
      ...(twoFactorRequired === true ? { twoFactorRequired } : {}),
      ...(stepUp === true && error.status === 403 ? { stepUp } : {}),
      ...(enrolRequired === true && error.status === 403 ? { enrolRequired } : {}),
    };
  } catch {
    return {};
  }
}
