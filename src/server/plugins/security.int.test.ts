import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createParticipant, participantInput } from '../../../test/factories';
import { NO_REDIS_REASON, testRedisUrl } from '../../../test/redis';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('security headers', () => {
  it('sends pages a strict CSP without inline scripts, and the other protective headers', async () => {
    const page = await t.app.inject({ url: '/some-page' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const part of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(part);
    }
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('sends API answers a CSP that allows nothing, and the protective headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('adds HSTS and a __Host- Secure cookie when PUBLIC_URL is https', async () => {
    const https = await buildTestApp({
      env: { PUBLIC_URL: 'https://insightlab.example' },
      database: t.database,
    });
    try {
      const health = await https.app.inject({ url: '/api/health' });
      expect(health.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      const { input } = await createParticipant(https.app);
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: input.email, password: input.password },
        headers: { origin: 'https://insightlab.example' },
      });
      const cookie = res.cookies.find((c) => c.name === '__Host-sid');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    } finally {
      await https.close();
    }
  });
});

describe('cross-site writes', () => {
  it('refuses a state-changing request from another origin with 403 and writes nothing', async () => {
    const input = participantInput();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/participants/register',
      payload: input,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: input.email, password: input.password },
    });
    expect(signin.statusCode).toBe(401);
  });

  it('refuses Sec-Fetch-Site: cross-site even without an Origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });

  it("accepts the site's own origin and same-origin fetches", async () => {
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/participants/register',
      payload: participantInput(),
      headers: { origin: t.config.publicOrigin, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(201);
  });

  it('lets reads through from anywhere', async () => {
    const res = await t.app.inject({
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('answers 429 past RATE_LIMIT_AUTH_PER_MIN sign-ins from one address', async () => {
    const limited = await buildTestApp({
      env: { RATE_LIMIT_AUTH_PER_MIN: '3' },
      database: t.database,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { email: 'x@example.com', password: 'whatever-1' },
          remoteAddress: '10.1.1.1',
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().message).toMatch(/Too many requests/);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'x@example.com', password: 'whatever-1' },
        remoteAddress: '10.1.1.2',
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it.skipIf(!testRedisUrl)(
    `shares the counters between instances through Redis when REDIS_URL is set${testRedisUrl ? '' : ` (${NO_REDIS_REASON})`}`,
    async () => {
      const url = testRedisUrl!;
      const probe = new Redis(url, {
        lazyConnect: true,
        connectTimeout: 2000,
        maxRetriesPerRequest: 0,
      });
      await probe.connect();
      await probe.flushdb();
      probe.disconnect();
      const env = { RATE_LIMIT_AUTH_PER_MIN: '2', REDIS_URL: url };
      const a = await buildTestApp({ env, database: t.database });
      const b = await buildTestApp({ env, database: t.database });
      try {
        const hit = (app: TestApp) =>
          app.app.inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email: 'x@example.com' },
            remoteAddress: '10.9.9.9',
          });
        expect((await hit(a)).statusCode).toBe(202);
        expect((await hit(b)).statusCode).toBe(202);
        expect((await hit(a)).statusCode).toBe(429);
        expect((await hit(b)).statusCode).toBe(429);
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});

describe('API description', () => {
  it('serves the OpenAPI document with the spec routes at /api/docs/json', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/auth/signup',
      '/api/auth/signin',
      '/api/auth/session',
      '/api/participants/register',
      '/api/stats',
      '/api/tests',
    ]) {
      expect(paths).toContain(p);
    }
    const ui = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
