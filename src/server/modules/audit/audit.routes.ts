import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditEntrySchema } from '../../../shared/schemas/admin-views';
import { auditLogs } from '../../db/schema/index';
import { decodeCursor, encodeCursor, pageQuery } from '../../lib/pagination';
import { withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';

/** GET /api/audit-log: who did what to which record, when and from where; newest first, filterable. */
export async function auditRoutes(app: FastifyInstance) {
  const r = withZod(app);
  r.get(
    '/api/audit-log',
    {
      preHandler: requireAdmin,
      schema: {
        querystring: pageQuery.extend({
          action: z.string().max(100).optional(),
          resource: z.string().max(50).optional(),
          resourceId: z.string().max(100).optional(),
          userId: z.uuid().optional(),
        }),
        response: {
          200: z.object({
            entries: z.array(auditEntrySchema),
            nextCursor: z.string().nullable(),
            total: z.number().int(),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const q = request.query;
      const filter = and(
        q.action
          ? sql`${auditLogs.action} LIKE ${`${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
          : undefined,
        q.resource ? eq(auditLogs.resource, q.resource) : undefined,
        q.resourceId ? eq(auditLogs.resourceId, q.resourceId) : undefined,
        q.userId ? eq(auditLogs.userId, q.userId) : undefined,
      );
      const cursor = decodeCursor(q.cursor);
      const rows = await app.db
        .select()
        .from(auditLogs)
        .where(
          and(
            filter,
            cursor
              ? or(
                  lt(auditLogs.timestamp, cursor.at),
                  and(eq(auditLogs.timestamp, cursor.at), lt(auditLogs.id, cursor.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(auditLogs.timestamp), desc(auditLogs.id))
        .limit(q.limit + 1);
      const [{ total } = { total: 0 }] = await app.db
        .select({ total: sql<number>`count(*)::int` })
        .from(auditLogs)
        .where(filter);
      const shown = rows.slice(0, q.limit);
      const last = shown[shown.length - 1];
      return {
        entries: shown.map((e) => ({ ...e, timestamp: e.timestamp.toISOString() })),
        nextCursor: rows.length > q.limit && last ? encodeCursor(last.timestamp, last.id) : null,
        total,
      };
    },
  );
}
