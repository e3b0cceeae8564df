import { type ReactNode, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { type SiteLinkProps, type SiteNav, SiteNavContext } from '@/client/lib/site-nav';

function RouterLink(props: SiteLinkProps) {
  return <Link {...props} />;
}

/** The router as the site frame's way of moving around: client-side navigation. */
export function RouterSiteNav({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const routerNavigate = useNavigate();
  const value = useMemo<SiteNav>(
    () => ({
      location: { pathname, search, hash },
      navigate: (to) => void routerNavigate(to),
      Link: RouterLink,
    }),
    [pathname, search, hash, routerNavigate],
  );
  return <SiteNavContext value={value}>{children}</SiteNavContext>;
}
