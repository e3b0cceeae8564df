import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { PageLoading } from '@/client/components/layout/page-loading';
import { toast } from '@/client/components/ui/use-toast';
import { tr } from '@/shared/i18n/runtime';
import type { SessionUser } from '@/shared/schemas/auth';
import type { UserType } from '@/shared/schemas/options';
import { type RedirectReason, useRequiredUser } from '../use-required-user';

/** What the sign-in page shows when a page sent someone there (see SignInForm). */
export type SignInRequiredState = { signInRequired: true };

/**
 * Sends the user away with the reason: to the sign-in page, which says "please sign in",
 * or, signed in as the other kind of user, to their own dashboard with a toast saying
 * whom the page is for (in the page's language; the ui texts load with the signed-in area).
 */
function RedirectWithReason({ to, reason }: { to: string; reason: RedirectReason }) {
  const told = useRef(false);
  useEffect(() => {
    if (reason === 'signInRequired' || told.current) return;
    told.current = true;
    toast({
      title: tr('ui', reason === 'staffOnly' ? 'access.staffOnly' : 'access.participantsOnly'),
    });
  }, [reason]);
  const state: SignInRequiredState | undefined =
    reason === 'signInRequired' ? { signInRequired: true } : undefined;
  return <Navigate to={to} replace state={state} />;
}

/**
 * A page for one kind of user (spec section 6): a loading screen while the session is
 * checked, the login page for anyone signed out (or the user's own dashboard for the
 * other kind of user), else `children` with the signed-in user.
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
  if (required.status === 'redirect') {
    return <RedirectWithReason to={required.to} reason={required.reason} />;
  }
  return children(required.user);
}
