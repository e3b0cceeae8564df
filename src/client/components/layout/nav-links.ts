import type { MessageKey } from '@/shared/i18n/namespaces';
import { paths, publicPageOf } from '@/shared/paths';

/** A link of the top bar or the footer: a public page and the `common` message of its label. */
export type NavLinkData = { to: string; labelKey: MessageKey<'common'>; end?: boolean };

/** The six service pages, as the footer lists them. */
export const serviceLinks = [
  { to: paths.fractionalProductManagement, labelKey: 'service.fractionalProductManagement' },
  { to: paths.productOptimization, labelKey: 'service.productOptimization' },
  { to: paths.userResearchTesting, labelKey: 'service.userResearchTesting' },
  { to: paths.featurePrioritization, labelKey: 'service.featurePrioritization' },
  { to: paths.marketFitLaunchStrategy, labelKey: 'service.marketFitLaunchStrategy' },
  { to: paths.operationalExcellence, labelKey: 'service.operationalExcellence' },
] as const satisfies readonly NavLinkData[];

/** A top-bar link, and the pages below it in the site's structure (where it stays highlighted). */
export type MainNavLink = {
  to: string;
  labelKey: MessageKey<'common'>;
  within?: readonly string[];
};

/** The top bar's links (spec section 2: Home, Services, About). */
export const mainNavLinks: readonly MainNavLink[] = [
  { to: paths.home, labelKey: 'nav.home' },
  { to: paths.services, labelKey: 'nav.services', within: serviceLinks.map((link) => link.to) },
  { to: paths.about, labelKey: 'nav.about' },
];

/**
 * Where the page at `pathname` (either language) stands to a top-bar link: the link's own
 * page (`aria-current="page"`), a page within its section (the six service pages under
 * Services: `aria-current="true"`), or neither.
 */
export function currentOf(link: MainNavLink, pathname: string): 'page' | 'true' | undefined {
  const path = publicPageOf(pathname)?.path ?? pathname;
  if (path === link.to) return 'page';
  return link.within?.includes(path) ? 'true' : undefined;
}

/** Privacy and terms have their own pages; contact is a section of the About page. */
export const companyLinks = [
  { to: paths.about, labelKey: 'company.about' },
  { to: paths.privacy, labelKey: 'company.privacy' },
  { to: paths.terms, labelKey: 'company.terms' },
  { to: `${paths.about}#contact`, labelKey: 'company.contact' },
] as const satisfies readonly NavLinkData[];
