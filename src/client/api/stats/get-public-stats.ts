import { apiJson } from '@/client/lib/api';
import { useRead } from '@/client/lib/reads';
import type { Stats } from '@/shared/schemas/stats';
import { REFRESH_EVERY_MS } from '../refresh';
import { statsKeys } from './keys';

/**
 * What GET /api/stats may answer. Read without zod (it would add its weight to the
 * home page's first load): the figures are checked one by one where they are shown.
 */
export type StatsAnswer = Partial<Record<keyof Stats, unknown>> | null;

/** GET /api/stats: the public figures (plus the admin ones for an admin session). */
export async function getStats(signal?: AbortSignal): Promise<StatsAnswer> {
  const body = await apiJson<unknown>('GET', statsKeys.path, undefined, signal);
  return body && typeof body === 'object' ? (body as StatsAnswer) : null;
}

/**
 * The landing figures, polled (this read only; the app's default is no polling), through
 * the page's data layer (lib/reads.ts): the home page's island shows them.
 */
export function usePublicStats() {
  return useRead({
    queryKey: statsKeys.public,
    queryFn: ({ signal }) => getStats(signal),
    refetchInterval: REFRESH_EVERY_MS,
  });
}
