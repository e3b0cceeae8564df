import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  outboxSmsDetailSchema,
  outboxSmsSchema,
  smsOutboxListQuerySchema,
  smsOutboxListSchema,
} from '../../../shared/schemas/sms-outbox';
import { errorBody, uuidParam, withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { SmsService } from './sms.service';

const guarded = { 401: errorBody, 403: errorBody };

/**
 * The SMS outbox for admins (decisions.md sections 9 and 12), beside the mail outbox:
 * queued, sent and failed SMS, newest first; retry a failed one. The list carries no text.
 */
export async function smsRoutes(app: FastifyInstance, opts: { sms: SmsService }) {
  const r = withZod(app);
  r.get(
    '/api/sms-outbox',
    {
      preValidation: requireAdmin,
      schema: {
        summary: 'SMS in the outbox, newest first (admins)',
        querystring: smsOutboxListQuerySchema,
        response: { 200: smsOutboxListSchema, 400: errorBody, ...guarded },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return opts.sms.list(request.query);
    },
  );
  r.get(
    '/api/sms-outbox/:id',
    {
      preValidation: requireAdmin,
      schema: {
        summary: 'One SMS with its text (admins)',
        params: uuidParam('id'),
        response: {
          200: z.object({ sms: outboxSmsDetailSchema }),
          400: errorBody,
          ...guarded,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { sms: await opts.sms.get(request.params.id) };
    },
  );
  r.post(
    '/api/sms-outbox/:id/retry',
    {
      preValidation: requireAdmin,
      schema: {
        summary: 'Queue a failed SMS again (admins; 409 unless failed)',
        params: uuidParam('id'),
        response: {
          200: z.object({ sms: outboxSmsSchema }),
          400: errorBody,
          ...guarded,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { sms: await opts.sms.retry(request.params.id, requestContext(request)) };
    },
  );
}
