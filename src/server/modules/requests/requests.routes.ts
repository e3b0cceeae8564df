import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  requestStatusSchema,
  clientRequestOutSchema,
  clientRequestSchema,
  researchRequestOutSchema,
  researchRequestSchema,
  requestListQuerySchema,
} from '../../../shared/schemas/requests';
import { uuidParam, withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { RequestsService } from './requests.service';

const page = { nextCursor: z.string().nullable(), total: z.number().int() };

/**
 * The public forms (inquiries, research requests) and the admin side: lists (newest first,
 * filtered, paginated) and the status moves.
 */
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

  r.get(
    '/api/client-requests',
    {
      preValidation: requireAdmin,
      schema: {
        querystring: requestListQuerySchema,
        response: { 200: z.object({ clientRequests: z.array(clientRequestOutSchema), ...page }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return opts.requests.listClient(request.query);
    },
  );
  r.put(
    '/api/client-requests/:id/status',
    {
      preValidation: requireAdmin,
      schema: {
        params: uuidParam('id'),
        body: requestStatusSchema,
        response: { 200: z.object({ clientRequest: clientRequestOutSchema }) },
      },
    },
    async (request) => ({
      clientRequest: await opts.requests.moveClient(
        request.params.id,
        request.body.status,
        requestContext(request),
      ),
    }),
  );
  r.get(
    '/api/research-requests',
    {
      preValidation: requireAdmin,
      schema: {
        querystring: requestListQuerySchema,
        response: {
          200: z.object({ researchRequests: z.array(researchRequestOutSchema), ...page }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return opts.requests.listResearch(request.query);
    },
  );
  r.put(
    '/api/research-requests/:id/status',
    {
      preValidation: requireAdmin,
      schema: {
        params: uuidParam('id'),
        body: requestStatusSchema,
        response: { 200: z.object({ researchRequest: researchRequestOutSchema }) },
      },
    },
    async (request) => ({
      researchRequest: await opts.requests.moveResearch(
        request.params.id,
        request.body.status,
        requestContext(request),
      ),
    }),
  );
}
