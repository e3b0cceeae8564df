/** Every URL the app links to, built in one place. */
export const paths = {
  home: '/',
  about: '/about',
  services: '/services',
  login: '/login',
  adminLogin: '/admin/login',
  participantLogin: '/participant/login',
  participantRegistration: '/participant/registration',
  participantDashboard: '/participant/dashboard',
  adminDashboard: '/admin/dashboard',
  adminStudy: (id: string) => `/admin/test/${encodeURIComponent(id)}`,
  profileSettings: '/profile/settings',
  companyInquiry: '/company-inquiry',
  clientRequest: '/client-request',
  researchValidation: '/research-validation',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  fractionalProductManagement: '/fractional-product-management',
  productOptimization: '/product-optimization',
  userResearchTesting: '/user-research-testing',
  featurePrioritization: '/feature-prioritization',
  marketFitLaunchStrategy: '/market-fit-launch-strategy',
  operationalExcellence: '/operational-excellence',
} as const;

/** The client's routes; the server answers 200 for these and 404 (with the same app) for anything else. */
export const clientRoutePatterns: readonly RegExp[] = [
  ...Object.values(paths)
    .filter((p): p is Exclude<typeof p, (id: string) => string> => typeof p === 'string')
    .map((p) => new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`)),
  /^\/admin\/test\/[^/]+\/?$/,
];

export function isClientRoute(pathname: string): boolean {
  return clientRoutePatterns.some((pattern) => pattern.test(pathname));
}

/**
 * The public pages: prerendered to HTML at build time, listed in sitemap.xml and
 * crawled by the browser tests.
 */
export const publicPagePaths = [
  paths.home,
  paths.about,
  paths.services,
  paths.fractionalProductManagement,
  paths.productOptimization,
  paths.userResearchTesting,
  paths.featurePrioritization,
  paths.marketFitLaunchStrategy,
  paths.operationalExcellence,
  paths.companyInquiry,
  paths.clientRequest,
  paths.researchValidation,
] as const;
