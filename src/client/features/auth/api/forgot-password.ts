import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { ForgotPasswordInput } from '@/shared/schemas/auth';

/** POST /api/auth/forgot-password: 202 whether or not the account exists. */
export async function requestPasswordReset(
  input: ForgotPasswordInput,
): Promise<{ message: string }> {
  const response = await apiRequest('POST', '/api/auth/forgot-password', input);
  return (await response.json()) as { message: string };
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
