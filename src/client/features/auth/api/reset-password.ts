import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { ResetPasswordInput } from '@/shared/schemas/auth';

/** POST /api/auth/reset-password: 400 'This reset link is invalid or has expired' when unusable. */
export async function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  const response = await apiRequest('POST', '/api/auth/reset-password', input);
  return (await response.json()) as { message: string };
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
