import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditEntrySchema, auditListQuerySchema } from '../../../shared/schemas/admin-views';
import { withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import type { AuditService } from './audit.service';

/** GET /api/audit-log: who did what to which record, when and from where; newest first, filterable. */
export async function auditRoutes(app: FastifyInstance, opts: { audit: AuditService }) {
  const r = withZod(app);
  r.get(
    '/api/audit-log',
    {
      preValidation: requireAdmin,
      schema: {
        querystring: auditListQuerySchema,
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
      return opts.audit.list(request.query);
    },
  );
}
