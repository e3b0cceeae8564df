import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig, type Config } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { createTestDatabase } from './db';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
};

/** The configuration tests run with; `env` overrides any variable. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '5000',
    DATA_DIR: './data/test-unused',
    RATE_LIMIT_AUTH_PER_MIN: '100000',
    RATE_LIMIT_FORMS_PER_MIN: '100000',
    RATE_LIMIT_WRITES_PER_MIN: '100000',
    RATE_LIMIT_PHOTO_PER_HOUR: '100000',
    ...env,
  });
}

/** The real app on a fresh database, ready for `app.inject()`. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    database?: Database;
    clientDir?: string;
    /** The lockout's clock (BuildAppOptions.clock). */
    clock?: () => Date;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    database,
    logger: false,
    clientDir: options.clientDir ?? '/nonexistent-client-dir',
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/** The session cookie of a response, as a `cookie` header value for the next request. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
  if (!cookie) throw new Error(`no session cookie in response (status ${response.statusCode})`);
  return `${cookie.name}=${cookie.value}`;
}
