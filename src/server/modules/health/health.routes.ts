import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withZod } from '../../lib/route-types';
import type { HealthService } from './health.service';

export async function healthRoutes(app: FastifyInstance, opts: { health: HealthService }) {
  const r = withZod(app);
  r.get(
    '/api/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  r.get(
    '/api/ready',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      if (await opts.health.isReady()) return { status: 'ready' as const };
      request.log.error('readiness check: database does not answer');
      return reply.status(503).send({ message: 'Database unavailable' });
    },
  );
}
