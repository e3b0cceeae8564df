import type { MessageKey } from '@/shared/i18n/namespaces';
import { paths } from '@/shared/paths';

/** A link of the top bar or the footer: a public page and the `common` message of its label. */
export type NavLinkData = { to: string; labelKey: MessageKey<'common'>; end?: boolean };

/** The top bar's links (spec section 2: Home, Services, About). */
export const mainNavLinks = [
  { to: paths.home, labelKey: 'nav.home', end: true },
  { to: paths.services, labelKey: 'nav.services', end: false },
  { to: paths.about, labelKey: 'nav.about', end: false },
] as const satisfies readonly NavLinkData[];

/** The six service pages, as the footer lists them. */
export const serviceLinks = [
  { to: paths.fractionalProductManagement, labelKey: 'service.fractionalProductManagement' },
  { to: paths.productOptimization, labelKey: 'service.productOptimization' },
  { to: paths.userResearchTesting, labelKey: 'service.userResearchTesting' },
  { to: paths.featurePrioritization, labelKey: 'service.featurePrioritization' },
  { to: paths.marketFitLaunchStrategy, labelKey: 'service.marketFitLaunchStrategy' },
  { to: paths.operationalExcellence, labelKey: 'service.operationalExcellence' },
] as const satisfies readonly NavLinkData[];

/** Privacy, terms and contact are sections of the About page (spec section 2). */
export const companyLinks = [
  { to: paths.about, labelKey: 'company.about' },
  { to: `${paths.about}#privacy`, labelKey: 'company.privacy' },
  { to: `${paths.about}#terms`, labelKey: 'company.terms' },
  { to: `${paths.about}#contact`, labelKey: 'company.contact' },
] as const satisfies readonly NavLinkData[];
