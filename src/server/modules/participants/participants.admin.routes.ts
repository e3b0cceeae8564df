import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { earningsSchema, participantSchema } from '../../../shared/schemas/participants';
import { pageQuery, searchParam } from '../../../shared/schemas/paging';
import { loggableError } from '../../lib/db-errors';
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

/**
 * A CSV download. An error before the first byte reaches the error handler (503, logged
 * there); after it, the response can only be cut short, and it is logged here, once
 * (Fastify's own stream-error line is off with request logging).
 */
function sendCsv(reply: FastifyReply, filename: string, stream: Readable) {
  stream.on('error', (error) => {
    if (reply.raw.headersSent)
      reply.log.warn({ err: loggableError(error) }, 'CSV export aborted mid-stream');
  });
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .type('text/csv; charset=utf-8')
    .send(stream);
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
      sendCsv(reply, 'participants.csv', opts.admin.exportCsv(request.query.search)),
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
      return sendCsv(reply, attachmentName(title), stream);
    },
  );
}
