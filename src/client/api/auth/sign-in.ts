import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, type SessionExpiryMeta } from '@/client/lib/api';
import { storeUser } from '@/client/lib/stored-user';
import type { AuthAnswer, SessionAnswer, SignInInput } from '@/shared/schemas/auth';
import { sessionKeys } from './keys';

/** POST /api/auth/signin: sets the session cookie and answers the user and their type. */
export function signIn(input: SignInInput): Promise<AuthAnswer> {
  return apiJson('POST', '/api/auth/signin', input);
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
      queryClient.setQueryData<SessionAnswer>(sessionKeys.session, answer);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.session });
    },
  });
}
