import { type ComponentProps, lazy, Suspense, useSyncExternalStore } from 'react';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { useT } from '@/client/i18n/language';
import { SiteLink } from '@/client/lib/site-nav';
import { paths } from '@/shared/paths';
import { useAuth } from '../use-auth';

// The avatar menu (Radix menu and positioning) is only needed once someone is signed
// in, so visitors of the public pages never download it.
// Its sign-out needs TanStack Query, which the text pages' first load leaves out: it comes
// with the menu there (decision 042).
const UserMenu = lazy(() =>
  Promise.all([import('./user-menu'), import('@/client/lib/ensure-query-client')]).then(
    ([{ UserMenu: Menu }, { EnsureQueryClient }]) => ({
      default: (props: ComponentProps<typeof Menu>) => (
        <EnsureQueryClient>
          <Menu {...props} />
        </EnsureQueryClient>
      ),
    }),
  ),
);

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
  // Most visitors are not signed in: the place held is the sign-in button's, its own words
  // unseen, so nothing beside it moves when the session answers (the avatar is narrower).
  if (auth.loading || hydrating)
    return (
      <span
        data-slot="skeleton"
        aria-hidden="true"
        className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} animate-pulse bg-muted`}
      >
        {/* Sizes the place; invisible, so no contrast checker reads text that is not shown. */}
        <span className="invisible">{t('account.signIn')}</span>
      </span>
    );
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
