import type { NotificationsAnswer } from '../../../shared/schemas/admin-views';
import type { EventRow } from './notifications.repo';

/** The rows of the list query; its row of nulls (no event at all) only carries the count. */
export function toNotifications(rows: EventRow[]): NotificationsAnswer {
  return {
    notifications: rows.flatMap((row) =>
      row.id === null
        ? []
        : [
            {
              id: row.id,
              kind: row.kind,
              title: row.title,
              createdAt: new Date(row.created_at).toISOString(),
              unread: row.unread,
            },
          ],
    ),
    unreadCount: rows[0]?.unread_count ?? 0,
  };
}
