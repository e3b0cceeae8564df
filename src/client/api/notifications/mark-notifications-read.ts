import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Notification, NotificationsAnswer } from '@/shared/schemas/admin-views';
import { notificationKeys } from './keys';

/** Everything (no event) or that one event. */
export type MarkReadTarget = Pick<Notification, 'kind' | 'id'> | null;

/** POST /api/notifications/read: reads one event or all of them; answers what stays unread. */
export async function markNotificationsRead(target: MarkReadTarget): Promise<number> {
  const body = target ? { event: { kind: target.kind, id: target.id } } : {};
  const answer = await apiJson<{ unreadCount: number }>('POST', '/api/notifications/read', body);
  return answer.unreadCount;
}

/** What the bell shows once `target` is read, before the server confirms it. */
function readLocally(answer: NotificationsAnswer, target: MarkReadTarget): NotificationsAnswer {
  const isTarget = (n: Notification) => !target || (n.kind === target.kind && n.id === target.id);
  let cleared = 0;
  const notifications = answer.notifications.map((n) => {
    if (!n.unread || !isTarget(n)) return n;
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
