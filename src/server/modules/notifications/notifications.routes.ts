import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notificationSchema, type Notification } from '../../../shared/schemas/admin-views';
import { admins } from '../../db/schema/index';
import { withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';

const LATEST = 20;

/**
 * The bell: real events (new applications, inquiries, research requests),
 * unread when newer than the admin's last "mark as read".
 */
export async function notificationsRoutes(app: FastifyInstance) {
  const r = withZod(app);

  r.get(
    '/api/notifications',
    {
      preHandler: requireAdmin,
      schema: {
        response: {
          200: z.object({
            notifications: z.array(notificationSchema),
            unreadCount: z.number().int(),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const [me] = await app.db
        .select({ seen: admins.notificationsSeenAt })
        .from(admins)
        .where(eq(admins.id, request.auth!.user.id));
      const seen = me?.seen ?? new Date(0);
      const result = await app.db.execute(sql`
        WITH events AS (
          SELECT a.id::text AS id, 'application' AS kind,
                 p.first_name || ' ' || p.last_name || ' applied to ' || t.title AS title, a.applied_at AS created_at
            FROM applications a JOIN participants p ON p.id = a.participant_id JOIN tests t ON t.id = a.test_id
          UNION ALL
          SELECT id::text, 'client-request', 'Inquiry from ' || company_name, created_at FROM client_requests
          UNION ALL
          SELECT id::text, 'research-request', 'Research request from ' || company, created_at FROM research_requests
        )
        SELECT id, kind, title, created_at,
               (SELECT count(*) FROM events WHERE created_at > ${seen})::int AS unread_count
          FROM events ORDER BY created_at DESC LIMIT ${LATEST}
      `);
      const rows = (
        result as unknown as {
          rows: {
            id: string;
            kind: Notification['kind'];
            title: string;
            created_at: Date | string;
            unread_count: number;
          }[];
        }
      ).rows;
      const notifications = rows.map((row) => {
        const createdAt = new Date(row.created_at);
        return {
          id: row.id,
          kind: row.kind,
          title: row.title,
          createdAt: createdAt.toISOString(),
          unread: createdAt > seen,
        };
      });
      return { notifications, unreadCount: rows[0]?.unread_count ?? 0 };
    },
  );

  r.post(
    '/api/notifications/read',
    {
      preHandler: requireAdmin,
      schema: { response: { 200: z.object({ unreadCount: z.literal(0) }) } },
    },
    async (request) => {
      await app.db
        .update(admins)
        .set({ notificationsSeenAt: sql`now()` })
        .where(eq(admins.id, request.auth!.user.id));
      return { unreadCount: 0 as const };
    },
  );
}
