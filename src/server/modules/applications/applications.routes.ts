import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { applicationSchema, applySchema } from '../../../shared/schemas/applications';
import { withZod } from '../../lib/route-types';
import { requireParticipant, requireUser } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { ApplicationsService } from './applications.service';

export async function applicationsRoutes(
  app: FastifyInstance,
  opts: { applications: ApplicationsService },
) {
  const r = withZod(app);

  r.post(
    '/api/applications',
    {
      preHandler: requireParticipant,
      schema: {
        body: applySchema,
        response: { 201: z.object({ application: applicationSchema }) },
      },
    },
    async (request, reply) => {
      const application = await opts.applications.apply(
        request.auth!.user.id,
        request.body,
        requestContext(request),
      );
      return reply.status(201).send({ application });
    },
  );

  /** Participants see their own; admins see every application, optionally of one study. */
  r.get(
    '/api/applications',
    {
      preHandler: requireUser,
      schema: {
        querystring: z.object({ testId: z.uuid({ error: 'Not a valid id' }).optional() }),
        response: { 200: z.object({ applications: z.array(applicationSchema) }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const user = request.auth!.user;
      if (user.userType === 'admin')
        return { applications: await opts.applications.listAll({ testId: request.query.testId }) };
      const own = await opts.applications.listOwn(user.id);
      return {
        applications: request.query.testId
          ? own.filter((a) => a.testId === request.query.testId)
          : own,
      };
    },
  );
}
