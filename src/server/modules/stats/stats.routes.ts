import type { FastifyInstance } from 'fastify';
import { statsSchema, statsTrendsSchema } from '../../../shared/schemas/stats';
import { sendJsonText, withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import type { StatsService } from './stats.service';

export async function statsRoutes(app: FastifyInstance, opts: { stats: StatsService }) {
  const r = withZod(app);
  // A visitor's figures, while held, go out before Fastify (decision 043); the route below
  // answers the same bytes and headers when they must be loaded, and everyone signed in.
  app.publicAnswers.add('/api/stats', 'no-cache', opts.stats.heldPublicJson);

  r.get(
    '/api/stats',
    { schema: { response: { 200: statsSchema } }, config: { accessLog: 'debug' } },
    async (request, reply) => {
      if (request.auth?.user.userType === 'admin') {
        reply.header('cache-control', 'no-store');
        return opts.stats.adminFigures();
      }
      reply.header('cache-control', 'no-cache');
      return sendJsonText(reply, await opts.stats.publicJson());
    },
  );

  // The charts' weekly series: admins only.
  r.get(
    '/api/stats/trends',
    { preValidation: requireAdmin, schema: { response: { 200: statsTrendsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return opts.stats.trends();
    },
  );
}
