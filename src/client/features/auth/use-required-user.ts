import { paths } from '@/shared/paths';
import type { SessionUser } from '@/shared/schemas/auth';
import type { UserType } from '@/shared/schemas/options';
import { readStoredRecord } from '@/client/lib/stored-user';
import { isAdminUser, useAuth } from './use-auth';

/**
 * Why a page sent the user away: nobody is signed in (the login page asks them to), or the
 * page is for the other kind of user (they go to their own dashboard, told why).
 */
export type RedirectReason = 'signInRequired' | 'staffOnly' | 'participantsOnly';

export type RequiredUser =
  | { status: 'loading' }
  | { status: 'redirect'; to: string; reason: RedirectReason }
  | { status: 'ok'; user: SessionUser };

/**
 * The access rules of spec section 6 for a dashboard:
 * - participant: a session user of type participant; when the session check failed,
 *   a stored participant; a signed-in admin goes to the admin dashboard; otherwise
 *   /participant/login.
 * - admin: a session user with userType admin or an admin role; when the check
 *   failed, a stored admin; a signed-in participant goes to their dashboard; otherwise
 *   /admin/login.
 * A session that answers "nobody" has already cleared the stored records.
 */
export function useRequiredUser(kind: UserType): RequiredUser {
  const auth = useAuth();
  if (auth.loading) return { status: 'loading' };

  const { user, userType } = auth;
  if (user) {
    const accepted = kind === 'admin' ? isAdminUser(user, userType) : userType === 'participant';
    if (accepted) return { status: 'ok', user };
  }
  if (auth.fromFallback) {
    const stored = readStoredRecord(kind);
    if (stored) return { status: 'ok', user: stored };
  }
  // Signed in, but as the other kind of user: their own dashboard, not a sign-in form.
  if (user) {
    return kind === 'admin'
      ? { status: 'redirect', to: paths.participantDashboard, reason: 'staffOnly' }
      : { status: 'redirect', to: paths.adminDashboard, reason: 'participantsOnly' };
  }
  return {
    status: 'redirect',
    to: kind === 'admin' ? paths.adminLogin : paths.participantLogin,
    reason: 'signInRequired',
  };
}
