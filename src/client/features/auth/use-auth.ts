import { useEffect, useMemo } from 'react';
import type { SessionUser } from '@/shared/schemas/auth';
import type { UserType } from '@/shared/schemas/options';
import { useSession } from '@/client/api/auth/get-session';
import { clearStoredUser, readStoredUser, storeUser } from '@/client/lib/stored-user';

export type AuthState = {
  /** True until the first session check has answered or failed (spec section 4: starts true). */
  loading: boolean;
  user: SessionUser | null;
  userType: UserType | null;
  /** True when the user comes from localStorage because the session check failed. */
  fromFallback: boolean;
};

/** Spec section 6: the session's userType, else admin for admin roles, else participant. */
export function userTypeOf(user: SessionUser, given?: UserType | null): UserType {
  if (given) return given;
  if (user.userType) return user.userType;
  return user.role === 'admin' || user.role === 'super_admin' ? 'admin' : 'participant';
}

export function isAdminUser(user: SessionUser, given?: UserType | null): boolean {
  return (
    userTypeOf(user, given) === 'admin' || user.role === 'admin' || user.role === 'super_admin'
  );
}

/**
 * The signed-in user. The server's session decides; when the check cannot be made
 * (network down, server error), the user stored at sign-in is the fallback.
 */
export function useAuth(): AuthState {
  const session = useSession();
  const answer = session.data;

  useEffect(() => {
    if (!answer) return;
    if (answer.user) storeUser(answer.user, userTypeOf(answer.user, answer.userType));
    else clearStoredUser();
  }, [answer]);

  // Read synchronously so no render sees "nobody" between the failure and the fallback;
  // the stamp changes with each new failure, so the stored user is read again then.
  const failureStamp = session.isError ? session.errorUpdatedAt : 0;
  const fallback = useMemo(() => (failureStamp ? readStoredUser() : null), [failureStamp]);

  if (session.isPending) return { loading: true, user: null, userType: null, fromFallback: false };
  if (answer) {
    const user = answer.user;
    return {
      loading: false,
      user,
      userType: user ? userTypeOf(user, answer.userType) : null,
      fromFallback: false,
    };
  }
  return {
    loading: false,
    user: fallback,
    userType: fallback ? userTypeOf(fallback) : null,
    fromFallback: fallback !== null,
  };
}

/** The name to show for a user: first and last name, or the e-mail when both are empty. */
export function displayNameOf(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** The name to greet a user by: the first name, or the e-mail when it is empty. */
export function greetingNameOf(user: Pick<SessionUser, 'firstName' | 'email'>): string {
  return user.firstName.trim() || user.email;
}
