import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  outboxListQuerySchema,
  outboxMailDetailSchema,
  outboxMailSchema,
} from '../../../shared/schemas/outbox';
import { errorBody, uuidParam, withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { MailService } from './mail.service';

const guarded = { 401: errorBody, 403: errorBody };

/**
 * The mail outbox for admins (decisions.md section 12): queued, sent and failed mail,
 * newest first; retry a failed one. The list carries no body; a reset mail's body is
 * never shown.
 */
export async function mailRoutes(app: FastifyInstance, opts: { mail: MailService }) {
  const r = withZod(app);
  r.get(
    '/api/outbox',
    {
      preValidation: requireAdmin,
      schema: {
        summary: 'Mail in the outbox, newest first (admins)',
        querystring: outboxListQuerySchema,
        response: {
          200: z.object({
            mail: z.array(outboxMailSchema),
            nextCursor: z.string().nullable(),
            total: z.number().int(),
            /** False without SMTP_URL: nothing is sent, mail stays queued. */
            smtpConfigured: z.boolean(),
          }),
          400: errorBody,
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return opts.mail.list(request.query);
    },
  );
  r.get(
    '/api/outbox/:id',
    {
      preValidation: requireAdmin,
      schema: {
        summary: 'One mail with its text body, unless it is secret or purged (admins)',
        params: uuidParam('id'),
        response: {
          200: z.object({ mail: outboxMailDetailSchema }),
          400: errorBody,
          ...guarded,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { mail: await opts.mail.get(request.params.id) };
    },
  );
  r.post(
    '/api/outbox/:id/retry',
    {
      preValidation: requireAdmin,
      schema: {
        summary: 'Queue a failed mail again (admins; 409 unless failed)',
        params: uuidParam('id'),
        response: {
          200: z.object({ mail: outboxMailSchema }),
          400: errorBody,
          ...guarded,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { mail: await opts.mail.retry(request.params.id, requestContext(request)) };
    },
  );
}
