import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { ResetPasswordInput } from '@/shared/schemas/auth';

/** POST /api/auth/reset-password: 400 'This reset link is invalid or has expired' when unusable. */
export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return apiJson('POST', '/api/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
