import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stats } from '@/shared/schemas/stats';
import { REFRESH_EVERY_MS } from '../refresh';
import { getStats } from './get-public-stats';
import { statsKeys } from './keys';

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
