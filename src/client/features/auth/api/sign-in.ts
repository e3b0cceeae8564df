import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { AuthAnswer, SessionAnswer, SignInInput } from '@/shared/schemas/auth';
import type { SessionExpiryMeta } from '../components/session-expiry';
import { storeUser } from '../stored-user';
import { sessionQueryKey } from './get-session';

/** POST /api/auth/signin: sets the session cookie and answers the user and their type. */
export async function signIn(input: SignInInput): Promise<AuthAnswer> {
  const response = await apiRequest('POST', '/api/auth/signin', input);
  return (await response.json()) as AuthAnswer;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // Its 401 is a wrong password, not a session that ended.
    meta: { keepsSessionOn401: true } satisfies SessionExpiryMeta,
    onSuccess: (answer) => {
      storeUser(answer.user, answer.userType);
      // Known at once, so the dashboard does not see the old "nobody" and redirect;
      // then confirmed by the server.
      queryClient.setQueryData<SessionAnswer>(sessionQueryKey, answer);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
