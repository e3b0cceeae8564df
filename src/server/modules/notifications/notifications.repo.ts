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

/** Whether the admin opened this one event (`kind`, `id` are columns of the outer query). */
const openedBy = (adminId: string, kind: SQL, id: SQL) => sql`
  EXISTS (SELECT 1 FROM notification_reads r
           WHERE r.admin_id = ${adminId} AND r.kind = ${kind} AND r.event_id = ${id})
`;

/**
 * Events newer than the admin's mark (three range counts on indexed timestamps) less the
 * ones opened one by one since (few: the mark moving empties them), of events that still exist.
 */
const unreadCountOf = (adminId: string) => sql`
  (SELECT count(*) FROM applications WHERE applied_at > ${seenBy(adminId)})
  + (SELECT count(*) FROM client_requests WHERE created_at > ${seenBy(adminId)})
  + (SELECT count(*) FROM research_requests WHERE created_at > ${seenBy(adminId)})
  - (SELECT count(*) FROM notification_reads r
      WHERE r.admin_id = ${adminId} AND r.event_at > ${seenBy(adminId)}
        AND CASE r.kind
              WHEN 'application' THEN EXISTS (SELECT 1 FROM applications WHERE id = r.event_id)
              WHEN 'client-request' THEN EXISTS (SELECT 1 FROM client_requests WHERE id = r.event_id)
              ELSE EXISTS (SELECT 1 FROM research_requests WHERE id = r.event_id)
            END)
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
           SELECT e.id::text AS id, e.kind, e.title, e.created_at,
                  e.created_at > seen.at AND NOT ${openedBy(adminId, sql`e.kind`, sql`e.id`)} AS unread
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

/** Everything read: the mark moves to now and the one-by-one reads it covers go. */
export async function markAllSeen(db: DbOrTx, adminId: string): Promise<void> {
  await db.execute(sql`
    WITH marked AS (
      UPDATE admins SET notifications_seen_at = now() WHERE id = ${adminId}
      RETURNING notifications_seen_at
    )
    DELETE FROM notification_reads
     WHERE admin_id = ${adminId} AND event_at <= (SELECT notifications_seen_at FROM marked)
  `);
}

const eventTime: Record<Kind, (id: string) => SQL> = {
  application: (id) => sql`SELECT applied_at FROM applications WHERE id = ${id}`,
  'client-request': (id) => sql`SELECT created_at FROM client_requests WHERE id = ${id}`,
  'research-request': (id) => sql`SELECT created_at FROM research_requests WHERE id = ${id}`,
};

/**
 * One event read, and only it (opening it from the bell); reading it again changes
 * nothing (not even a new row version). False when the event is gone, read before or not.
 */
export async function markOneSeen(
  db: DbOrTx,
  adminId: string,
  event: { kind: Kind; id: string },
): Promise<boolean> {
  // A data-modifying WITH runs whether or not the query reads it; the answer is whether
  // the event exists, as the insert skips a read that is already there.
  const result = await db.execute(sql`
    WITH event AS (${eventTime[event.kind](event.id)}),
         read AS (
           INSERT INTO notification_reads (admin_id, kind, event_id, event_at)
           SELECT ${adminId}::uuid, ${event.kind}, ${event.id}::uuid, at FROM event AS e(at)
           ON CONFLICT (admin_id, kind, event_id) DO NOTHING
         )
    SELECT EXISTS (SELECT 1 FROM event) AS found
  `);
  return rowsOf<{ found: boolean }>(result)[0]?.found ?? false;
}
