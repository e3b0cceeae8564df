import type { Language } from './i18n/languages';

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
  privacy: '/privacy',
  terms: '/terms',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** The page of a mail's unsubscribe link (decision 036): `?token=`. */
  unsubscribe: '/unsubscribe',
  fractionalProductManagement: '/fractional-product-management',
  productOptimization: '/product-optimization',
  userResearchTesting: '/user-research-testing',
  featurePrioritization: '/feature-prioritization',
  marketFitLaunchStrategy: '/market-fit-launch-strategy',
  operationalExcellence: '/operational-excellence',
} as const;

/**
 * The client's routes; the server answers 200 for these and 404 (with the same app) for
 * anything else. Built on first use, so the browser's bundle, which never asks, drops it.
 */
let clientRoutePatterns: readonly RegExp[] | undefined;
function routePatterns(): readonly RegExp[] {
  clientRoutePatterns ??= [
    ...Object.values(paths)
      .filter((p): p is Exclude<typeof p, (id: string) => string> => typeof p === 'string')
      .map((p) => new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`)),
    /^\/admin\/test\/[^/]+\/?$/,
  ];
  return clientRoutePatterns;
}

export function isClientRoute(pathname: string): boolean {
  return (
    routePatterns().some((pattern) => pattern.test(pathname)) ||
    publicPageLanguage(pathname) === 'sw'
  );
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
  paths.privacy,
  paths.terms,
] as const;

export type PublicPagePath = (typeof publicPagePaths)[number];

/** The prefix of the Kiswahili twin of every public page (decisions.md section 13). */
export const SW_PREFIX = '/sw';

const isPublicPagePath = (path: string): path is PublicPagePath =>
  (publicPagePaths as readonly string[]).includes(path);

/** A path in a language: a public page's Kiswahili twin is under /sw; other paths have no prefix. */
export function localizedPath(path: string, language: Language): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? '' : path.slice(cut);
  if (language !== 'sw' || !isPublicPagePath(pathname)) return path;
  return `${SW_PREFIX}${pathname === '/' ? '' : pathname}${rest}`;
}

/** A public page's path without its language prefix, or null when `pathname` is no public page. */
export function publicPageOf(
  pathname: string,
): { path: PublicPagePath; language: Language } | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (isPublicPagePath(trimmed)) return { path: trimmed, language: 'en' };
  if (trimmed === SW_PREFIX) return { path: '/', language: 'sw' };
  if (trimmed.startsWith(`${SW_PREFIX}/`)) {
    const bare = trimmed.slice(SW_PREFIX.length);
    if (isPublicPagePath(bare) && bare !== '/') return { path: bare, language: 'sw' };
  }
  return null;
}

/** The language a public page's URL is in, or null for every other path. */
export function publicPageLanguage(pathname: string): Language | null {
  return publicPageOf(pathname)?.language ?? null;
}
