import { tr } from '@/shared/i18n/runtime';
import { site } from '@/shared/site';

/** A document title: the page first, then the brand; the tagline in the page's language. */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${site.name}` : `${site.name}: ${tr('common', 'site.tagline')}`;
}
