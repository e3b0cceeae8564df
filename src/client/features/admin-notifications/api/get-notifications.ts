import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { NotificationsAnswer } from '@/shared/schemas/admin-views';

/** The bell asks again every 30 seconds (like the stats, spec section 9). */
export const NOTIFICATIONS_REFETCH_MS = 30_000;

export const notificationsQueryKey = ['/api/notifications'] as const;

/** GET /api/notifications: the latest events and how many the admin has not read. */
export async function getNotifications(signal?: AbortSignal): Promise<NotificationsAnswer> {
  const response = await apiRequest('GET', notificationsQueryKey[0], undefined, signal);
  return (await response.json()) as NotificationsAnswer;
}

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: NOTIFICATIONS_REFETCH_MS,
    staleTime: NOTIFICATIONS_REFETCH_MS,
  });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
