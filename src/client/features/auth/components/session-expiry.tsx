import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { getApiErrorDetails, type SessionExpiryMeta } from '@/client/lib/api';
import { paths } from '@/shared/paths';
import type { SessionAnswer } from '@/shared/schemas/auth';
import { sessionKeys } from '@/client/api/auth/keys';
import { clearStoredUser, readStoredUser } from '@/client/lib/stored-user';
import { isAdminUser } from '../use-auth';
import type { SignInLocationState } from './sign-in-form';

/** Who the app believes is signed in: the session's answer, else the stored fallback. */
function signedInUser(queryClient: QueryClient) {
  const session = queryClient.getQueryData<SessionAnswer>(sessionKeys.session);
  if (session) return session.user ? { user: session.user, userType: session.userType } : null;
  const stored = readStoredUser();
  return stored ? { user: stored, userType: stored.userType ?? null } : null;
}

/**
 * Sends the signed-in user to sign in again; returns where to, or null when nobody was
 * signed in (an anonymous visitor) or a burst of 401s was already handled.
 */
function endSession(queryClient: QueryClient, navigate: NavigateFunction): string | null {
  const signedIn = signedInUser(queryClient);
  if (!signedIn) return null;
  clearStoredUser();
  const to = isAdminUser(signedIn.user, signedIn.userType) ? paths.adminLogin : paths.login;
  const state: SignInLocationState = { sessionEnded: true };
  void navigate(to, { replace: true, state });
  return to;
}

/**
 * Once the sign-in page is shown: the session is "nobody" and what the signed-in screens
 * cached is dropped, so the next person to sign in here does not see it (data never goes
 * stale on its own in this app). Done only then, so no dashboard sees "nobody" first and
 * redirects without the note.
 */
function forgetSession(queryClient: QueryClient) {
  queryClient.setQueryData<SessionAnswer>(sessionKeys.session, { user: null, userType: null });
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.session[0] });
}

const isUnauthorized = (error: unknown) => getApiErrorDetails(error).status === 401;

/**
 * One place for a session that ended under the user (signed out elsewhere, disabled by a
 * super admin, expired): any query or mutation answered 401 clears the cached session and
 * sends them to sign in again, with a note saying why, instead of each screen showing
 * "Please sign in to continue" with a Try again that cannot help. The session probe never
 * answers 401, and the sign-in's 401 (a wrong password) is left to its form.
 */
export function SessionExpiry() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [endedTo, setEndedTo] = useState<string | null>(null);

  useEffect(() => {
    const onUnauthorized = () => {
      const to = endSession(queryClient, navigate);
      if (to) setEndedTo(to);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryKey[0] === sessionKeys.session[0]) return;
      if (isUnauthorized(event.action.error)) onUnauthorized();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const meta = event.mutation.options.meta as SessionExpiryMeta | undefined;
      if (meta?.keepsSessionOn401) return;
      if (isUnauthorized(event.action.error)) onUnauthorized();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, navigate]);

  useEffect(() => {
    if (endedTo === null || pathname !== endedTo) return;
    forgetSession(queryClient);
    setEndedTo(null);
  }, [endedTo, pathname, queryClient]);

  return null;
}
