import { paths } from '@/shared/paths';
import type { SessionUser } from '@/shared/schemas/auth';
import type { UserType } from '@/shared/schemas/options';
import { readStoredRecord } from '@/client/lib/stored-user';
import { isAdminUser, useAuth } from './use-auth';

export type RequiredUser =
  { status: 'loading' } | { status: 'redirect'; to: string } | { status: 'ok'; user: SessionUser };

/**
 * The access rules of spec section 6 for a dashboard:
 * - participant: a session user of type participant; when the session check failed,
 *   a stored participant; otherwise /participant/login.
 * - admin: a session user with userType admin or an admin role; when the check
 *   failed, a stored admin; otherwise /admin/login.
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
  return {
    status: 'redirect',
    to: kind === 'admin' ? paths.adminLogin : paths.participantLogin,
  };
}
