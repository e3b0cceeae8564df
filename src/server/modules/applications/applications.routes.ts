import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminApplicationSchema,
  applicationListQuerySchema,
  applicationSchema,
  applicationStatusSchema,
  applyAnswerSchema,
  applySchema,
} from '../../../shared/schemas/applications';
import { uuidParam, withZod } from '../../lib/route-types';
import { requireAdmin, requireParticipant, requireUser } from '../../plugins/guards';
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
      preValidation: requireParticipant,
      config: { rateLimit: app.rateLimits.writes },
      schema: {
        body: applySchema,
        response: { 201: applyAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = await opts.applications.apply(
        request.auth!.user.id,
        request.body,
        requestContext(request),
      );
      return reply.status(201).send(answer);
    },
  );

  /**
   * Participants see their own; admins see every application with the person
   * and the study's capacity, filtered by `status`, `testId` and `search`, and
   * paged by `limit`/`cursor` (then also `nextCursor` and `total`).
   */
  r.get(
    '/api/applications',
    {
      preValidation: requireUser,
      schema: {
        querystring: applicationListQuerySchema,
        response: {
          200: z.object({
            // The admin shape first: a participant's rows lack `participant` and fall through.
            applications: z.array(z.union([adminApplicationSchema, applicationSchema])),
            nextCursor: z.string().nullable().optional(),
            total: z.number().int().optional(),
            /** True when `total` is the planner's rounded estimate (decision 037). */
            totalEstimated: z.boolean().optional(),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return opts.applications.list(request.auth!.user, request.query);
    },
  );

  r.put(
    '/api/applications/:id/status',
    {
      preValidation: requireAdmin,
      schema: {
        params: uuidParam('id'),
        body: applicationStatusSchema,
        response: { 200: z.object({ application: applicationSchema }) },
      },
    },
    async (request) => ({
      application: await opts.applications.changeStatus(
        request.params.id,
        request.body,
        requestContext(request),
      ),
    }),
  );
}
