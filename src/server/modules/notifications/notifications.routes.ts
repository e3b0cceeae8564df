import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  markNotificationsReadSchema,
  notificationsAnswerSchema,
} from '../../../shared/schemas/admin-views';
import { withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import type { NotificationsService } from './notifications.service';

/**
 * The bell: real events (new applications, inquiries, research requests),
 * unread when newer than the admin's "read until" mark.
 */
export async function notificationsRoutes(
  app: FastifyInstance,
  opts: { notifications: NotificationsService },
) {
  const r = withZod(app);

  r.get(
    '/api/notifications',
    { preValidation: requireAdmin, schema: { response: { 200: notificationsAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return opts.notifications.list(request.auth!.user.id);
    },
  );

  r.post(
    '/api/notifications/read',
    {
      preValidation: requireAdmin,
      schema: {
        body: markNotificationsReadSchema,
        response: { 200: z.object({ unreadCount: z.number().int() }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        unreadCount: await opts.notifications.markRead(request.auth!.user.id, request.body),
      };
    },
  );
}
