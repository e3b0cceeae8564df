import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/server/app';
import { loadConfig, type Config } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import type { DarajaClient } from '../src/server/modules/payouts/daraja';
import { saveSiteSettings } from '../src/server/modules/settings/settings.repo';
import { createTestDatabase } from './db';
import { TEST_PASSWORD_HASHING_ENV } from './password-hashing';

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
    ...TEST_PASSWORD_HASHING_ENV,
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
    /** The Daraja adapter, wrapped to inject faults (BuildAppOptions.daraja). */
    daraja?: DarajaClient;
    /** Where the app logs; silent when not given. */
    loggerInstance?: FastifyBaseLogger;
    /**
     * The site's "studies open" setting at start. Open unless a test says otherwise, as
     * `seed:demo` leaves a site: most tests apply to studies, which is refused while
     * studies are postponed (the product's default, tested with `studiesOpen: false`).
     */
    studiesOpen?: boolean;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    database,
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: false }),
    clientDir: options.clientDir ?? '/nonexistent-client-dir',
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.daraja ? { daraja: options.daraja } : {}),
  });
  await app.ready();
  if (options.studiesOpen ?? true) {
    await saveSiteSettings(database.db, { studiesOpen: true }, null);
  }
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

export type LogLine = { level: number; msg: string; [key: string]: unknown };

export type LoggedTestApp = TestApp & { lines: LogLine[] };

/** The real app logging at `level`, each line it logs parsed into `lines` as it comes. */
export async function buildLoggedTestApp(
  options: { level?: pino.Level; database?: Database } = {},
): Promise<LoggedTestApp> {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const t = await buildTestApp({
    loggerInstance: pino({ level: options.level ?? 'info' }, sink),
    ...(options.database ? { database: options.database } : {}),
  });
  return { ...t, lines };
}

/** The session cookie of a response, as a `cookie` header value for the next request. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
  if (!cookie) throw new Error(`no session cookie in response (status ${response.statusCode})`);
  return `${cookie.name}=${cookie.value}`;
}
