import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { AuthAnswer, SignUpInput } from '@/shared/schemas/auth';

/** POST /api/auth/signup: creates a participant account; it does not sign in. */
export function signUp(input: SignUpInput): Promise<AuthAnswer> {
  return apiJson('POST', '/api/auth/signup', input);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
