import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoading } from '@/client/components/layout/page-loading';
import type { SessionUser } from '@/shared/schemas/auth';
import type { UserType } from '@/shared/schemas/options';
import { useRequiredUser } from '../use-required-user';

/**
 * A page for one kind of user (spec section 6): a loading screen while the session is
 * checked, the login page for anyone else, else `children` with the signed-in user.
 */
export function RequiredUserGate({
  kind,
  loadingLabel,
  children,
}: {
  kind: UserType;
  loadingLabel: string;
  children: (user: SessionUser) => ReactNode;
}) {
  const required = useRequiredUser(kind);
  if (required.status === 'loading') return <PageLoading label={loadingLabel} />;
  if (required.status === 'redirect') return <Navigate to={required.to} replace />;
  return children(required.user);
}
