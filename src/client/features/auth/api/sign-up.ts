import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { AuthAnswer, SignUpInput } from '@/shared/schemas/auth';

/** POST /api/auth/signup: creates a participant account; it does not sign in. */
export async function signUp(input: SignUpInput): Promise<AuthAnswer> {
  const response = await apiRequest('POST', '/api/auth/signup', input);
  return (await response.json()) as AuthAnswer;
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
