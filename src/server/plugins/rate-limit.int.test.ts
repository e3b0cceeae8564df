import { spawn, type ChildProcess } from 'node:child_process';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { buildTestApp, testConfig, type TestApp } from '../../../test/app';
import { createTestDatabase } from '../../../test/db';
import { loginAs, TEST_PASSWORD } from '../../../test/factories';
import { NO_REDIS_SERVER_REASON, redisServerInstalled, waitForRedis } from '../../../test/redis';
import { freePort } from '../../../test/server-process';

describe('per-user write limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { RATE_LIMIT_WRITES_PER_MIN: '3', RATE_LIMIT_PHOTO_PER_HOUR: '2' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const profile = (cookie: string | undefined, firstName: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/participant/profile',
      ...(cookie ? { headers: { cookie } } : {}),
      payload: {
        firstName,
        lastName: 'Otieno',
        email: 'x@example.com',
        phone: '+254711000000',
      },
    });

  it('answers 429 with {message} and Retry-After past RATE_LIMIT_WRITES_PER_MIN, per user, across the write routes', async () => {
    const me = await loginAs(t.app, t.database.db, 'participant');
    const other = await loginAs(t.app, t.database.db, 'participant');
    const statuses: number[] = [];
    // Profile updates (a 409/400 still counts), then a password change: one budget per user.
    for (let i = 0; i < 3; i++) statuses.push((await profile(me.cookie, `Name${i}`)).statusCode);
    expect(statuses.every((s) => s !== 429)).toBe(true);
    const limited = await t.app.inject({
      method: 'PUT',
      url: '/api/participant/password',
      headers: { cookie: me.cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Fresh-Mango-Tree-7' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.stringMatching(/Too many requests/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);

    const apply = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: me.cookie },
      payload: { testId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(apply.statusCode).toBe(429);

    // Another user (even from the same address) has their own budget.
    expect((await profile(other.cookie, 'Other')).statusCode).not.toBe(429);
  });

  it('limits each of the four password routes per user (3 tries, then 429)', async () => {
    const participant = await loginAs(t.app, t.database.db, 'participant');
    const admin = await loginAs(t.app, t.database.db, 'admin');
    const admin2 = await loginAs(t.app, t.database.db, 'admin');
    const participant2 = await loginAs(t.app, t.database.db, 'participant');
    const cases = [
      { who: participant, url: '/api/participant/password' },
      { who: participant2, url: `/api/participants/${participant2.id}/password` },
      { who: admin, url: '/api/admin/password' },
      { who: admin2, url: `/api/admin/${admin2.id}/password` },
    ];
    for (const { who, url } of cases) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.app.inject({
          method: 'PUT',
          url,
          headers: { cookie: who.cookie },
          remoteAddress: `10.30.0.${i}`,
          payload: { currentPassword: `wrong-${i}-x`, newPassword: 'Fresh-Mango-Tree-7' },
        });
        statuses.push(res.statusCode);
      }
      expect({ url, statuses }).toEqual({ url, statuses: [400, 400, 400, 429] });
    }
  });

  it('answers an anonymous caller 401, not 429, and does not spend anyone’s budget', async () => {
    for (let i = 0; i < 5; i++) expect((await profile(undefined, 'Anon')).statusCode).toBe(401);
  });

  it('limits photo uploads to RATE_LIMIT_PHOTO_PER_HOUR per user', async () => {
    const me = await loginAs(t.app, t.database.db, 'participant');
    const upload = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/participants/${me.id}/upload-photo`,
        headers: { cookie: me.cookie, 'content-type': 'application/json' },
        payload: {},
      });
    expect((await upload()).statusCode).toBe(415);
    expect((await upload()).statusCode).toBe(415);
    const third = await upload();
    expect(third.statusCode).toBe(429);
    // The window is an hour.
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3000);
  });
});

/** An app whose log lines are kept, to count what the rate limiter says. */
async function appWithLog(database: Database, env: Record<string, string>) {
  const lines: { msg: string; level: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as { msg: string; level: number });
      done();
    },
  });
  const app = await buildApp({
    config: testConfig({ RATE_LIMIT_AUTH_PER_MIN: '2', ...env }),
    database,
    loggerInstance: pino({ level: 'info' }, stream),
    clientDir: '/nonexistent-client-dir',
  });
  await app.ready();
  const fallbackLines = () => lines.filter((l) => /Redis does not answer/.test(l.msg));
  return { app, lines, fallbackLines };
}

const forgot = (app: Awaited<ReturnType<typeof buildApp>>, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: 'x@example.com' },
    remoteAddress: ip,
  });

describe('rate limits never switch off when Redis does not answer', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('with REDIS_URL at a closed port: counts in the process (429 past the limit) and logs it once', async () => {
    const port = await freePort();
    const { app, fallbackLines } = await appWithLog(database, {
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await forgot(app, '10.20.0.1')).statusCode);
      expect(statuses).toEqual([202, 202, 429, 429, 429]);
      expect(fallbackLines()).toHaveLength(1);
      expect(fallbackLines()[0]!.level).toBe(40); // warn
    } finally {
      await app.close();
    }
  });

  describe.skipIf(!redisServerInstalled)(
    `with a Redis that goes away${redisServerInstalled ? '' : ` (${NO_REDIS_SERVER_REASON})`}`,
    () => {
      let redis: ChildProcess | undefined;
      let port = 0;
      beforeAll(async () => {
        port = await freePort();
        redis = spawn(
          'redis-server',
          ['--port', String(port), '--save', '', '--appendonly', 'no'],
          {
            stdio: 'ignore',
          },
        );
        await waitForRedis(`redis://127.0.0.1:${port}`);
      });
      afterAll(() => {
        redis?.kill('SIGKILL');
      });

      it('shares counters while Redis is up, then falls back to local counters (logged once)', async () => {
        const { app, fallbackLines } = await appWithLog(database, {
          REDIS_URL: `redis://127.0.0.1:${port}`,
        });
        try {
          expect((await forgot(app, '10.21.0.1')).statusCode).toBe(202);
          expect(fallbackLines()).toHaveLength(0);
          const gone = new Promise((resolve) => redis!.once('exit', resolve));
          redis!.kill('SIGKILL');
          await gone;
          const statuses: number[] = [];
          for (let i = 0; i < 4; i++) statuses.push((await forgot(app, '10.21.0.1')).statusCode);
          // Local counters start afresh: two more pass, then 429; never a 5xx.
          expect(statuses).toEqual([202, 202, 429, 429]);
          expect(fallbackLines()).toHaveLength(1);
        } finally {
          await app.close();
        }
      });
    },
  );
});
