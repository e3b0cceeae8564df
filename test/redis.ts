import { spawnSync } from 'node:child_process';
import net from 'node:net';

const LOCAL_REDIS = 'redis://127.0.0.1:6379';

/** True when a Redis server answers PING at `url` within `timeoutMs`. */
export function redisAnswers(url: string, timeoutMs = 500): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** Polls until a Redis server answers at `url` (one just spawned), or throws after `timeoutMs`. */
export async function waitForRedis(url: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await redisAnswers(url, 200))) {
    if (Date.now() > deadline) throw new Error(`no Redis answered at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The Redis the tests share: TEST_REDIS_URL when set (.ci/run sets it; the tests then fail,
 * never skip, if it does not answer), else a local server if one answers.
 */
export const testRedisUrl: string | undefined =
  process.env.TEST_REDIS_URL || ((await redisAnswers(LOCAL_REDIS)) ? LOCAL_REDIS : undefined);

export const NO_REDIS_REASON =
  'skipped: no Redis (set TEST_REDIS_URL or run redis-server on 127.0.0.1:6379)';

/** Tests that start and kill their own Redis need its binary; CI (TEST_REDIS_URL set) must have it. */
export const redisServerInstalled =
  Boolean(process.env.TEST_REDIS_URL) ||
  spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

export const NO_REDIS_SERVER_REASON = 'skipped: redis-server is not installed';

if (!testRedisUrl) console.warn(`Redis tests ${NO_REDIS_REASON}`);
if (!redisServerInstalled) console.warn(`Redis fallback tests ${NO_REDIS_SERVER_REASON}`);
