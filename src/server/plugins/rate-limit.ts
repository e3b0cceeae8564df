import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { tr } from '../../shared/i18n/runtime';

export type RateLimitPolicy = RateLimitOptions & { max: number; timeWindow: number };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Per-route limits: `config: { rateLimit: app.rateLimits.auth }`. `auth` and `forms` are
     * per client address; `writes` and `photo` per signed-in user (routes behind a guard).
     */
    rateLimits: {
      auth: RateLimitPolicy;
      forms: RateLimitPolicy;
      writes: RateLimitPolicy;
      photo: RateLimitPolicy;
    };
  }
}

type Hit = { current: number; ttl: number };

// INCR, and the window starts with the first hit; a key left without expiry gets one.
const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/** This process's own counters: fixed windows, expired entries pruned as the map grows. */
export class LocalCounters {
  private readonly entries = new Map<string, { current: number; resetAt: number }>();
  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 50_000,
  ) {}

  incr(key: string, windowMs: number): Hit {
    const now = this.now();
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.entries.size >= this.maxEntries) this.prune(now);
      entry = { current: 0, resetAt: now + windowMs };
      this.entries.set(key, entry);
    }
    entry.current += 1;
    return { current: entry.current, ttl: entry.resetAt - now };
  }

  private prune(now: number) {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
    // Still full of live windows: drop the oldest (Map keeps insertion order).
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}

/**
 * Counters shared through Redis when it answers, and this process's own counters when it
 * does not (not configured, not connected yet, down, or too slow): limits never switch off.
 * The switch to local counters is logged once per outage, and the return once.
 */
export class Counters {
  private readonly local = new LocalCounters();
  private degraded = false;

  constructor(
    private readonly redis: Redis | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  async incr(key: string, windowMs: number): Promise<Hit> {
    const redis = this.redis;
    if (!redis) return this.local.incr(key, windowMs);
    if (redis.status !== 'ready') {
      this.fellBack(`redis ${redis.status}`);
      return this.local.incr(key, windowMs);
    }
    try {
      const [current, ttl] = (await redis.eval(INCR_SCRIPT, 1, `rl:${key}`, windowMs)) as [
        number,
        number,
      ];
      this.recovered();
      return { current, ttl };
    } catch (error) {
      this.fellBack(error instanceof Error ? error.message : 'redis command failed');
      return this.local.incr(key, windowMs);
    }
  }

  fellBack(reason: string) {
    if (this.degraded) return;
    this.degraded = true;
    this.log.warn(
      { reason: reason.slice(0, 200) },
      'rate limits: Redis does not answer; counting in this process until it does',
    );
  }

  private recovered() {
    if (!this.degraded) return;
    this.degraded = false;
    this.log.info('rate limits: Redis answers again; counters are shared again');
  }
}

/** The @fastify/rate-limit store over `Counters`; a route's key is its group or its path. */
function storeOver(counters: Counters): FastifyRateLimitStoreCtor {
  class Store implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: Hit) => void,
      timeWindow: number,
    ): void {
      counters.incr(`${this.prefix}${key}`, timeWindow).then(
        (hit) => callback(null, hit),
        (error: unknown) => callback(error as Error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const options = routeOptions as unknown as {
        groupId?: string;
        routeInfo?: { method?: string | string[]; url?: string };
      };
      const scope = options.groupId
        ? `group:${options.groupId}`
        : `${String(options.routeInfo?.method ?? '')}${options.routeInfo?.url ?? ''}`;
      return new Store(undefined, `${scope}|`);
    }
  }
  return Store;
}

/** The key of a per-user limit: the signed-in user (the route's guard ran before). */
function userKey(request: FastifyRequest): string {
  return request.auth ? `user:${request.auth.user.id}` : `ip:${request.ip}`;
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts;
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      connectTimeout: 1000,
      // A command to a Redis that hangs fails after this long and is counted locally.
      commandTimeout: 500,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
  }
  const counters = new Counters(redis, app.log);
  if (redis) {
    const client = redis;
    // Reconnection errors repeat every few seconds: the outage is logged once, by Counters.
    client.on('error', (error: Error) => counters.fellBack(error.message));
    // Shared counters from the first request when Redis is up; local ones otherwise.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 1000);
      client.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    app.addHook('onClose', async () => {
      client.disconnect();
    });
  }

  await app.register(rateLimit, {
    global: false,
    store: storeOver(counters),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: tr('errors', 'rateLimited', { seconds: Math.ceil(context.ttl / 1000) }),
    }),
  });

  // Per-user limits run after the route's guard (preValidation), so an anonymous caller
  // gets its 401 and the counted key is the user, not an address shared by many.
  const perUser = { hook: 'preValidation' as const, keyGenerator: userKey };
  app.decorate('rateLimits', {
    auth: { max: config.rateLimit.authPerMinute, timeWindow: 60_000 },
    forms: { max: config.rateLimit.formsPerMinute, timeWindow: 60_000 },
    writes: {
      ...perUser,
      max: config.rateLimit.writesPerMinute,
      timeWindow: 60_000,
      groupId: 'writes',
    },
    photo: {
      ...perUser,
      max: config.rateLimit.photosPerHour,
      timeWindow: 3600_000,
      groupId: 'photo',
    },
  });
});
