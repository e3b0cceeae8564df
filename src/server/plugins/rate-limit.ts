import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config';

export type RateLimitPolicy = { max: number; timeWindow: number };

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-route limits: `config: { rateLimit: app.rateLimits.auth }`. */
    rateLimits: { auth: RateLimitPolicy; forms: RateLimitPolicy };
  }
}

/** Per-IP limits; counters live in Redis when REDIS_URL is set so every instance shares them. */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts;
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    redis.on('error', (error) => app.log.warn({ err: { message: error.message } }, 'redis error'));
    // Commands sent before the connection is ready would fail (and be let through); wait a little for it.
    const client = redis;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        app.log.warn('redis not ready after 2 s; rate limits are skipped until it answers');
        resolve();
      }, 2000);
      client.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'rl:' } : {}),
    // If Redis is down, let the request through rather than refusing every sign-in.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  app.decorate('rateLimits', {
    auth: { max: config.rateLimit.authPerMinute, timeWindow: 60_000 },
    forms: { max: config.rateLimit.formsPerMinute, timeWindow: 60_000 },
  });
});
