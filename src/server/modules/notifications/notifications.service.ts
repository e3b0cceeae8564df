import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type {
  MarkNotificationsReadInput,
  NotificationsAnswer,
} from '../../../shared/schemas/admin-views';
import { toNotifications } from './notifications.mapper';
import { latestEventsFor, markAllSeen, markOneSeen, unreadCountFor } from './notifications.repo';

/**
 * The bell: real events (new applications, inquiries, research requests), unread when
 * newer than the admin's "read until" mark.
 */
export function createNotificationsService({ db }: { db: Db }) {
  return {
    async list(adminId: string): Promise<NotificationsAnswer> {
      return toNotifications(await latestEventsFor(db, adminId));
    },

    /**
     * Reads one event (opened from the bell: the others stay unread), or everything
     * (the mark moves to now). Answers the events still unread.
     */
    async markRead(adminId: string, input: MarkNotificationsReadInput): Promise<number> {
      const event = input?.event;
      if (!event) await markAllSeen(db, adminId);
      else if (!(await markOneSeen(db, adminId, event)))
        throw notFound('That notification no longer exists');
      return unreadCountFor(db, adminId);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
