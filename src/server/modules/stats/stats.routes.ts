import type { FastifyInstance } from 'fastify';
import { statsSchema, statsTrendsSchema } from '../../../shared/schemas/stats';
import { cachedValue } from '../../lib/cache';
import { sendJsonText, withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import { computeStats, computeTrends, publicStats } from './stats.service';

/** Any number of visitors costs at most one database round trip per this many ms (per instance). */
export const STATS_TTL_MS = 5000;

export async function statsRoutes(app: FastifyInstance) {
  const r = withZod(app);
  const figures = cachedValue(STATS_TTL_MS, () => computeStats(app.db));
  const publicBody = cachedValue(STATS_TTL_MS, async () =>
    JSON.stringify(publicStats(await figures.get())),
  );

  r.get(
    '/api/stats',
    { schema: { response: { 200: statsSchema } }, config: { accessLog: 'debug' } },
    async (request, reply) => {
      if (request.auth?.user.userType === 'admin') {
        reply.header('cache-control', 'no-store');
        return figures.get();
      }
      reply.header('cache-control', 'no-cache');
      return sendJsonText(reply, await publicBody.get());
    },
  );

  // The charts' weekly series: admins only, shared by every admin of this instance for a few seconds.
  const trends = cachedValue(STATS_TTL_MS, () => computeTrends(app.db, new Date()));
  r.get(
    '/api/stats/trends',
    { preValidation: requireAdmin, schema: { response: { 200: statsTrendsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return trends.get();
    },
  );
}
