import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type {
  MarkNotificationsReadInput,
  NotificationsAnswer,
} from '../../../shared/schemas/admin-views';
import { toNotifications } from './notifications.mapper';
import { latestEventsFor, markAllSeen, markSeenUpTo, unreadCountFor } from './notifications.repo';

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
     * Moves the admin's mark: to now (everything read), or up to one event (it and every
     * older one read). Answers the events still unread.
     */
    async markRead(adminId: string, input: MarkNotificationsReadInput): Promise<number> {
      const upTo = input?.upTo;
      if (!upTo) await markAllSeen(db, adminId);
      else if (!(await markSeenUpTo(db, adminId, upTo)))
        throw notFound('That notification no longer exists');
      return unreadCountFor(db, adminId);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
