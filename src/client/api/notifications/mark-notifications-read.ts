import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Notification, NotificationsAnswer } from '@/shared/schemas/admin-views';
import { notificationKeys } from './keys';

/** Everything (no event) or one event and every older one. */
export type MarkReadTarget = Pick<Notification, 'kind' | 'id' | 'createdAt'> | null;

/** POST /api/notifications/read: moves the admin's "read until" mark; answers what stays unread. */
export async function markNotificationsRead(target: MarkReadTarget): Promise<number> {
  const body = target ? { upTo: { kind: target.kind, id: target.id } } : {};
  const answer = await apiJson<{ unreadCount: number }>('POST', '/api/notifications/read', body);
  return answer.unreadCount;
}

/** What the bell shows once `target` is read, before the server confirms it. */
function readLocally(answer: NotificationsAnswer, target: MarkReadTarget): NotificationsAnswer {
  const until = target ? Date.parse(target.createdAt) : Infinity;
  let cleared = 0;
  const notifications = answer.notifications.map((n) => {
    if (!n.unread || Date.parse(n.createdAt) > until) return n;
    cleared += 1;
    return { ...n, unread: false };
  });
  const unreadCount = target ? Math.max(0, answer.unreadCount - cleared) : 0;
  return { notifications, unreadCount };
}

/** Marks read at once on screen; the server's answer, or a refetch after a failure, settles it. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (target) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const previous = queryClient.getQueryData<NotificationsAnswer>(notificationKeys.all);
      if (previous) {
        queryClient.setQueryData(notificationKeys.all, readLocally(previous, target));
      }
      return { previous };
    },
    onError: (_error, _target, context) => {
      if (context?.previous) queryClient.setQueryData(notificationKeys.all, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
