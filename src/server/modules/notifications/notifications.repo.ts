import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Notification } from '../../../shared/schemas/admin-views';

/** How many events the bell lists. */
export const NOTIFICATIONS_LISTED = 20;

type Kind = Notification['kind'];

/**
 * The latest events of each kind, each branch ordered and limited on its own
 * `(at DESC NULLS LAST, id DESC NULLS LAST)` index, spelt the same way so the index serves
 * it: the list costs the same whatever the size of the tables.
 */
export const latestEventsOf: Record<Kind, SQL> = {
  application: sql`SELECT a.id, 'application' AS kind,
          p.first_name || ' ' || p.last_name || ' applied to ' || t.title AS title, a.applied_at AS created_at
     FROM applications a JOIN participants p ON p.id = a.participant_id JOIN tests t ON t.id = a.test_id
    ORDER BY a.applied_at DESC NULLS LAST, a.id DESC NULLS LAST LIMIT ${NOTIFICATIONS_LISTED}`,
  'client-request': sql`SELECT id, 'client-request' AS kind, 'Inquiry from ' || company_name AS title, created_at
     FROM client_requests ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${NOTIFICATIONS_LISTED}`,
  'research-request': sql`SELECT id, 'research-request' AS kind, 'Research request from ' || company AS title, created_at
     FROM research_requests ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${NOTIFICATIONS_LISTED}`,
};

const latestEvents = sql`
  (${latestEventsOf.application})
  UNION ALL
  (${latestEventsOf['client-request']})
  UNION ALL
  (${latestEventsOf['research-request']})
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

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type EventRow = {
  id: string | null;
  kind: Kind;
  title: string;
  created_at: Date | string;
  unread: boolean;
  unread_count: number;
};

/**
 * The latest events, newest first, each marked unread when newer than the admin's mark
 * (compared in SQL, at the database's microsecond precision), with the unread count on
 * every row (and on a row of nulls when there is no event). One round trip.
 */
export async function latestEventsFor(db: DbOrTx, adminId: string): Promise<EventRow[]> {
  const result = await db.execute(sql`
    WITH seen AS (SELECT ${seenBy(adminId)} AS at),
         unread AS (SELECT (${unreadCountOf(adminId)})::int AS n),
         latest AS (
           SELECT e.id::text AS id, e.kind, e.title, e.created_at, e.created_at > seen.at AS unread
             FROM (${latestEvents}) e, seen
            ORDER BY e.created_at DESC NULLS LAST, e.id DESC NULLS LAST
            LIMIT ${NOTIFICATIONS_LISTED}
         )
    SELECT unread.n AS unread_count, latest.*
      FROM unread LEFT JOIN latest ON true
     ORDER BY latest.created_at DESC NULLS LAST, latest.id DESC NULLS LAST
  `);
  return rowsOf<EventRow>(result);
}

export async function unreadCountFor(db: DbOrTx, adminId: string): Promise<number> {
  const result = await db.execute(sql`SELECT (${unreadCountOf(adminId)})::int AS n`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

export async function markAllSeen(db: DbOrTx, adminId: string): Promise<void> {
  await db.execute(sql`UPDATE admins SET notifications_seen_at = now() WHERE id = ${adminId}`);
}

const eventTime: Record<Kind, (id: string) => SQL> = {
  application: (id) => sql`SELECT applied_at FROM applications WHERE id = ${id}`,
  'client-request': (id) => sql`SELECT created_at FROM client_requests WHERE id = ${id}`,
  'research-request': (id) => sql`SELECT created_at FROM research_requests WHERE id = ${id}`,
};

/**
 * Moves the admin's mark up to one event (it and every older one read); never back, so an
 * older click cannot unread newer events already read. False when the event is gone.
 */
export async function markSeenUpTo(
  db: DbOrTx,
  adminId: string,
  event: { kind: Kind; id: string },
): Promise<boolean> {
  const result = await db.execute(sql`
    WITH event AS (${eventTime[event.kind](event.id)})
    UPDATE admins
       SET notifications_seen_at = greatest(coalesce(notifications_seen_at, 'epoch'::timestamptz),
                                            (SELECT * FROM event))
     WHERE id = ${adminId} AND EXISTS (SELECT 1 FROM event)
    RETURNING id
  `);
  return rowsOf(result).length > 0;
}
