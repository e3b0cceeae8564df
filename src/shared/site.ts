/**
 * Set by Vite's `define` at build time (vite.config.ts, from SITE_ORIGIN); absent when
 * this file runs on the server through tsx, which has PUBLIC_URL for its own links.
 */
declare const __SITE_ORIGIN__: string | undefined;
declare const __BUILD_YEAR__: number | undefined;

/**
 * The brand: the one place it is written. Its e-mail address and phone number are the
 * running site's (CONTACT_EMAIL, CONTACT_PHONE; GET /api/site, decision 028).
 */
export const site = {
  name: 'InsightLab',
  legalName: 'InsightLab Product Consulting',
  tagline: 'Product management and research that moves the numbers',
  city: 'Nairobi, Kenya',
  /**
   * The year the pages were built (prerendered) in; the footer starts from it while
   * hydrating and then shows the reader's current year.
   */
  buildYear: typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : new Date().getFullYear(),
  /** Where the public pages live, for canonical URLs, Open Graph and the sitemap (no trailing slash). */
  origin: typeof __SITE_ORIGIN__ === 'string' ? __SITE_ORIGIN__ : 'http://localhost:5000',
} as const;

/** An absolute URL on the site, for canonical links and the sitemap. */
export function absoluteUrl(pathname: string): string {
  return `${site.origin}${pathname}`;
}

/**
 * The versions of the terms and the privacy notice in force (docs/decisions/036-recruiting.md):
 * a participant who accepted older ones is asked again. Raise one when its page changes.
 */
export const LEGAL_VERSIONS = { terms: '2026-11-26', privacy: '2026-11-26' } as const;
