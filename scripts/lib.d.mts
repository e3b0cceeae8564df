// Types of what TypeScript files import from scripts/lib.mjs.
export const root: string;
/** The Node.js options of `npm start` in package.json (production's heap options). */
export function productionNodeOptions(): string[];
/** The origin the prerendered pages were built for (sitemap.xml's first address), or null. */
export function builtSiteOrigin(): string | null;
/** What the site's address is set to for a build: SITE_ORIGIN, else PUBLIC_URL, else the default. */
export function siteOriginSetting(env?: Record<string, string | undefined>): string;
/** The origin a build writes into the prerendered pages, or null when not an http(s) URL. */
export function wantedSiteOrigin(env?: Record<string, string | undefined>): string | null;
/** True when the built pages name another address than this start would build for. */
export function builtForAnotherOrigin(env?: Record<string, string | undefined>): boolean;
