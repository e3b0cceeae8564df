import { paths } from '@/shared/paths';

/** The top bar's links (spec section 2: Home, Services, About). */
export const mainNavLinks = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.services, label: 'Services', end: false },
  { to: paths.about, label: 'About', end: false },
] as const;

/** The six service pages, as the footer lists them. */
export const serviceLinks = [
  { to: paths.fractionalProductManagement, label: 'Fractional Product Management' },
  { to: paths.productOptimization, label: 'Product Optimization' },
  { to: paths.userResearchTesting, label: 'User Research & Testing' },
  { to: paths.featurePrioritization, label: 'Feature Prioritization' },
  { to: paths.marketFitLaunchStrategy, label: 'Market Fit & Launch Strategy' },
  { to: paths.operationalExcellence, label: 'Operational Excellence' },
] as const;

/** Privacy, terms and contact are sections of the About page (spec section 2). */
export const companyLinks = [
  { to: paths.about, label: 'About' },
  { to: `${paths.about}#privacy`, label: 'Privacy Policy' },
  { to: `${paths.about}#terms`, label: 'Terms of Service' },
  { to: `${paths.about}#contact`, label: 'Contact' },
] as const;
