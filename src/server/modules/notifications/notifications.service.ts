import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type {
  MarkNotificationsReadInput,
  Notification,
  NotificationsAnswer,
} from '../../../shared/schemas/admin-views';

/** How many events the bell lists. */
export const NOTIFICATIONS_LISTED = 20;

/**
 * The latest events of each kind (new applications, inquiries, research requests),
 * each branch ordered and limited on its own index so the list costs the same
 * whatever the size of the tables.
 */
const latestEvents = sql`
  (SELECT a.id, 'application' AS kind,
          p.first_name || ' ' || p.last_name || ' applied to ' || t.title AS title, a.applied_at AS created_at
     FROM applications a JOIN participants p ON p.id = a.participant_id JOIN tests t ON t.id = a.test_id
    ORDER BY a.applied_at DESC LIMIT ${NOTIFICATIONS_LISTED})
  UNION ALL
  (SELECT id, 'client-request', 'Inquiry from ' || company_name, created_at
     FROM client_requests ORDER BY created_at DESC LIMIT ${NOTIFICATIONS_LISTED})
  UNION ALL
  (SELECT id, 'research-request', 'Research request from ' || company, created_at
     FROM research_requests ORDER BY created_at DESC LIMIT ${NOTIFICATIONS_LISTED})
`;

/** The admin's "read until" mark; never read means everything is unread. */
const seenBy = (adminId: string) => sql`
  coalesce((SELECT notifications_seen_at FROM admins WHERE id = ${adminId}), 'epoch'::timestamptz)
`;

/** Events newer than the admin's mark: three range counts on indexed timestamps. */
const unreadCountOf = (adminId: string) => sql`
  (SELECT count(*) FROM applications WHERE applied_at > ${seenBy(adminId)})
  + (SELECT count(*) FROM client_requests WHERE created_at > ${seenBy(adminId)})
  + (SELECT count(*) FROM research_requests WHERE created_at > ${seenBy(adminId)})
`;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/**
 * The latest events, newest first, each marked unread when newer than the admin's
 * mark. Compared in SQL, at the database's microsecond precision. One round trip.
 */
export async function listNotifications(db: Db, adminId: string): Promise<NotificationsAnswer> {
  const result = await db.execute(sql`
    WITH seen AS (SELECT ${seenBy(adminId)} AS at),
         unread AS (SELECT (${unreadCountOf(adminId)})::int AS n),
         latest AS (
           SELECT e.id::text AS id, e.kind, e.title, e.created_at, e.created_at > seen.at AS unread
             FROM (${latestEvents}) e, seen
            ORDER BY e.created_at DESC, e.id DESC
            LIMIT ${NOTIFICATIONS_LISTED}
         )
    SELECT unread.n AS unread_count, latest.*
      FROM unread LEFT JOIN latest ON true
     ORDER BY latest.created_at DESC, latest.id DESC
  `);
  const rows = rowsOf<{
    id: string | null;
    kind: Notification['kind'];
    title: string;
    created_at: Date | string;
    unread: boolean;
    unread_count: number;
  }>(result);
  return {
    notifications: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id!,
        kind: row.kind,
        title: row.title,
        createdAt: new Date(row.created_at).toISOString(),
        unread: row.unread,
      })),
    unreadCount: rows[0]?.unread_count ?? 0,
  };
}

async function unreadCount(db: Db, adminId: string): Promise<number> {
  const result = await db.execute(sql`SELECT (${unreadCountOf(adminId)})::int AS n`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

const eventTime: Record<Notification['kind'], (id: string) => SQL> = {
  application: (id) => sql`SELECT applied_at FROM applications WHERE id = ${id}`,
  'client-request': (id) => sql`SELECT created_at FROM client_requests WHERE id = ${id}`,
  'research-request': (id) => sql`SELECT created_at FROM research_requests WHERE id = ${id}`,
};

/**
 * Moves the admin's mark: to now (everything read), or up to one event (it and every
 * older one read). The mark never moves back, so an older click cannot unread newer
 * events already read. Answers the events still unread.
 */
export async function markNotificationsRead(
  db: Db,
  adminId: string,
  input: MarkNotificationsReadInput,
): Promise<number> {
  const upTo = input?.upTo;
  if (!upTo) {
    await db.execute(sql`UPDATE admins SET notifications_seen_at = now() WHERE id = ${adminId}`);
    return unreadCount(db, adminId);
  }
  const result = await db.execute(sql`
    WITH event AS (${eventTime[upTo.kind](upTo.id)})
    UPDATE admins
       SET notifications_seen_at = greatest(coalesce(notifications_seen_at, 'epoch'::timestamptz),
                                            (SELECT * FROM event))
     WHERE id = ${adminId} AND EXISTS (SELECT 1 FROM event)
    RETURNING id
  `);
  if (rowsOf(result).length === 0) throw notFound('That notification no longer exists');
  return unreadCount(db, adminId);
}
