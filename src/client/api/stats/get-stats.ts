import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
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

/** The landing figures, polled (this query only; the app's default is no polling). */
export function usePublicStats() {
  return useQuery(
    queryOptions({
      queryKey: statsKeys.public,
      queryFn: ({ signal }) => getStats(signal),
      refetchInterval: REFRESH_EVERY_MS,
    }),
  );
}

export function adminStatsQueryOptions() {
  return queryOptions({
    queryKey: statsKeys.admin,
    queryFn: ({ signal }) => getStats(signal),
    refetchInterval: REFRESH_EVERY_MS,
    staleTime: REFRESH_EVERY_MS,
  });
}

/** The Overview's figures: to an admin session the server answers the whole of Stats. */
export function useAdminStats() {
  return useQuery({ ...adminStatsQueryOptions(), select: (answer) => answer as Stats });
}

/** How many participants are registered, for the Settings tab's "will be e-mailed" warning. */
export function useParticipantCount(): number | undefined {
  const stats = useQuery({ ...adminStatsQueryOptions(), refetchInterval: false });
  const count = stats.data?.participantCount;
  return typeof count === 'number' ? count : undefined;
}
