import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { earningsSchema, participantSchema } from '../../../shared/schemas/participants';
import { pageQuery, searchParam } from '../../../shared/schemas/paging';
import { uuidParam, withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import type { ParticipantsAdmin } from './participants.admin';

const searchQuery = z.object({ search: searchParam });

function attachmentName(title: string): string {
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'test';
  return `${slug}-payments.csv`;
}

export async function participantsAdminRoutes(
  app: FastifyInstance,
  opts: { admin: ParticipantsAdmin },
) {
  const r = withZod(app);

  r.get(
    '/api/participants',
    {
      preValidation: requireAdmin,
      schema: {
        querystring: pageQuery.extend(searchQuery.shape),
        response: {
          200: z.object({
            participants: z.array(participantSchema),
            nextCursor: z.string().nullable(),
            total: z.number().int(),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return opts.admin.list(request.query);
    },
  );

  r.get(
    '/api/participants/export.csv',
    { preValidation: requireAdmin, schema: { querystring: searchQuery } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="participants.csv"')
        .type('text/csv; charset=utf-8')
        .send(opts.admin.exportCsv(request.query.search)),
  );

  /** A participant's earnings (the participant reads their own at /api/me/earnings). */
  r.get(
    '/api/participants/:id/earnings',
    {
      preValidation: requireAdmin,
      schema: {
        params: uuidParam('id'),
        response: { 200: z.object({ earnings: earningsSchema }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { earnings: await opts.admin.earningsOf(request.params.id) };
    },
  );

  r.get(
    '/api/tests/:id/payments.csv',
    { preValidation: requireAdmin, schema: { params: uuidParam('id') } },
    async (request, reply) => {
      const { title, stream } = await opts.admin.studyPaymentsCsv(request.params.id);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${attachmentName(title)}"`)
        .type('text/csv; charset=utf-8')
        .send(stream);
    },
  );
}
