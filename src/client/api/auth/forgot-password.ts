import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { ForgotPasswordInput } from '@/shared/schemas/auth';

/** POST /api/auth/forgot-password: 202 whether or not the account exists. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ message: string }> {
  return apiJson('POST', '/api/auth/forgot-password', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
