import { apiJson } from '@/client/lib/api';
import { type ReadOptions, useRead } from '@/client/lib/reads';
import { useHydrated } from '@/client/lib/use-hydrated';
import type { SiteInfo } from '@/shared/schemas/site';
import { siteKeys } from './keys';

/** GET /api/site: the contact the server was configured with (each part null when not). */
export function getSiteInfo(signal?: AbortSignal): Promise<SiteInfo> {
  return apiJson<SiteInfo>('GET', siteKeys.path, undefined, signal);
}

export function siteInfoQueryOptions(): ReadOptions<SiteInfo> {
  return { queryKey: siteKeys.all, queryFn: ({ signal }) => getSiteInfo(signal) };
}

/**
 * The business's public e-mail and phone: undefined until known (and when the request
 * fails), so a page shows no contact rather than a made-up one; undefined while the
 * prerendered markup (which has none) is being hydrated, even when already loaded.
 */
export function useSiteContact(): SiteInfo['contact'] | undefined {
  const hydrated = useHydrated();
  const contact = useRead(siteInfoQueryOptions()).data?.contact;
  return hydrated ? contact : undefined;
}
