import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  clientRequestOutSchema,
  clientRequestSchema,
  researchRequestOutSchema,
  researchRequestSchema,
} from '../../../shared/schemas/requests';
import { withZod } from '../../lib/route-types';
import { requestContext } from '../../plugins/session';
import type { RequestsService } from './requests.service';

export async function requestsRoutes(app: FastifyInstance, opts: { requests: RequestsService }) {
  const r = withZod(app);
  const formLimit = { rateLimit: app.rateLimits.forms };

  r.post(
    '/api/client-requests',
    {
      config: formLimit,
      schema: {
        body: clientRequestSchema,
        response: { 201: z.object({ clientRequest: clientRequestOutSchema }) },
      },
    },
    async (request, reply) => {
      const clientRequest = await opts.requests.createClientRequest(
        request.body,
        requestContext(request),
      );
      return reply.status(201).header('cache-control', 'no-store').send({ clientRequest });
    },
  );

  r.post(
    '/api/research-requests',
    {
      config: formLimit,
      schema: {
        body: researchRequestSchema,
        response: { 201: z.object({ researchRequest: researchRequestOutSchema }) },
      },
    },
    async (request, reply) => {
      const researchRequest = await opts.requests.createResearchRequest(
        request.body,
        requestContext(request),
      );
      return reply.status(201).header('cache-control', 'no-store').send({ researchRequest });
    },
  );
}
