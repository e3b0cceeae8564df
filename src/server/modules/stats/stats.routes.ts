import type { FastifyInstance } from 'fastify';
import { statsSchema } from '../../../shared/schemas/stats';
import { cachedValue } from '../../lib/cache';
import { sendJsonText, withZod } from '../../lib/route-types';
import { computeStats, publicStats } from './stats.service';

/** Any number of visitors costs at most one database round trip per this many ms (per instance). */
export const STATS_TTL_MS = 5000;

export async function statsRoutes(app: FastifyInstance) {
  const r = withZod(app);
  const figures = cachedValue(STATS_TTL_MS, () => computeStats(app.db));
  const publicBody = cachedValue(STATS_TTL_MS, async () =>
    JSON.stringify(publicStats(await figures.get())),
  );

  r.get('/api/stats', { schema: { response: { 200: statsSchema } } }, async (request, reply) => {
    if (request.auth?.user.userType === 'admin') {
      reply.header('cache-control', 'no-store');
      return figures.get();
    }
    reply.header('cache-control', 'no-cache');
    return sendJsonText(reply, await publicBody.get());
  });
}
