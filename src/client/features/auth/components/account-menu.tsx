import { lazy, Suspense, useSyncExternalStore } from 'react';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { useT } from '@/client/i18n/language';
import { SiteLink } from '@/client/lib/site-nav';
import { paths } from '@/shared/paths';
import { useAuth } from '../use-auth';

// The avatar menu (Radix menu and positioning) is only needed once someone is signed
// in, so visitors of the public pages never download it.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

const subscribeToNothing = () => () => {};

const avatarPlaceholder = (
  <div
    data-slot="skeleton"
    className="size-9 animate-pulse rounded-full bg-muted"
    aria-hidden="true"
  />
);

/**
 * The top bar's account corner: a placeholder while the session loads, a sign-in
 * button when nobody is signed in, else the avatar menu.
 */
export function AccountMenu() {
  const t = useT('common');
  const auth = useAuth();
  // While the prerendered markup hydrates, it says what the prerender said (the placeholder),
  // even if the session has answered meanwhile.
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  if (auth.loading || hydrating) return avatarPlaceholder;
  if (!auth.user) {
    return (
      <SiteLink to={paths.login} data-slot="button" className={buttonVariants({ size: 'sm' })}>
        {t('account.signIn')}
      </SiteLink>
    );
  }
  return (
    <Suspense fallback={avatarPlaceholder}>
      <UserMenu user={auth.user} userType={auth.userType} />
    </Suspense>
  );
}
