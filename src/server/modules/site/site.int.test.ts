import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function appWith(env: Record<string, string>) {
  const t = await buildTestApp({ env });
  apps.push(t);
  return t.app;
}

describe('GET /api/site', () => {
  it('answers no contact when CONTACT_EMAIL and CONTACT_PHONE are not set (none is made up)', async () => {
    const app = await appWith({});
    const res = await app.inject({ url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ contact: { email: null, phone: null } });
  });

  it('answers the configured contact to anyone, cacheable for five minutes', async () => {
    const app = await appWith({
      CONTACT_EMAIL: 'hello@example.co.ke',
      CONTACT_PHONE: '0711464914',
    });
    const res = await app.inject({ url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json()).toEqual({
      contact: { email: 'hello@example.co.ke', phone: '+254 711 464914' },
    });
  });

  it('is described in the OpenAPI document', async () => {
    const app = await appWith({});
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys((res.json() as { paths: object }).paths)).toContain('/api/site');
  });
});
