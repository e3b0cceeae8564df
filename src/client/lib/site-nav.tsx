import { type ComponentProps, createContext, use } from 'react';

/** Where the page is: the parts of the URL the site's frame reads. */
export type SiteLocation = { pathname: string; search: string; hash: string };

/** A link to a path of this site, with an anchor's other props. */
export type SiteLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string };

/**
 * How the site's frame (top bar, footer, language switch, account corner) moves around.
 * In the single-page app the router provides it (app/router-site-nav.tsx): client-side
 * navigation. On a prerendered public page whose islands hydrate without the router
 * (islands.tsx), nothing provides it and the browser's own is used: plain links, and
 * `navigate` loads the page. The frame's code never imports the router, so the islands
 * do not download it.
 */
export type SiteNav = {
  location: SiteLocation;
  navigate: (to: string) => void;
  Link: (props: SiteLinkProps) => React.ReactNode;
};

function DocumentLink({ to, ...props }: SiteLinkProps) {
  return <a href={to} {...props} />;
}

const serverLocation: SiteLocation = { pathname: '/', search: '', hash: '' };

const documentNav: SiteNav = {
  get location() {
    if (typeof window === 'undefined') return serverLocation;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash };
  },
  navigate: (to) => window.location.assign(to),
  Link: DocumentLink,
};

export const SiteNavContext = createContext<SiteNav>(documentNav);

export const useSiteLocation = (): SiteLocation => use(SiteNavContext).location;

export const useSiteNavigate = (): SiteNav['navigate'] => use(SiteNavContext).navigate;

/** A link that navigates in place in the app, and loads the page on an island. */
export function SiteLink(props: SiteLinkProps) {
  const { Link } = use(SiteNavContext);
  return <Link {...props} />;
}
