import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { NotificationsAnswer } from '@/shared/schemas/admin-views';
import { REFRESH_EVERY_MS } from '../refresh';
import { notificationKeys } from './keys';

/** GET /api/notifications: the latest events and how many the admin has not read. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationsAnswer> {
  return apiJson('GET', notificationKeys.all[0], undefined, signal);
}

/** The bell asks again every 30 seconds, like the stats. */
export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: REFRESH_EVERY_MS,
    staleTime: REFRESH_EVERY_MS,
  });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
