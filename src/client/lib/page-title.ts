import { site } from '@/shared/site';

/** A document title: the page first, then the brand. */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${site.name}` : `${site.name}: ${site.tagline}`;
}
