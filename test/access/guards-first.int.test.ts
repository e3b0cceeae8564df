import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { loginAs } from '../factories';
import { permissions, routesFor } from '../permissions';

/**
 * decisions.md sections 3 and 4: who may call a route is settled before its input is
 * read, so an anonymous caller gets 401 and a participant on an admin route 403, never
 * the 400 that would tell them the route's rules. Every route in the OpenAPI document
 * is tried with a wrong body, wrong query and a malformed id; a new route is covered
 * without being listed here, and who may call it is read from test/permissions.ts.
 */
let t: TestApp;
let participant: { cookie: string; id: string };
let routes: { method: string; path: string }[];

/** Routes a visitor may call: decisions.md section 4, as written in test/permissions.ts. */
const PUBLIC = routesFor('visitor');

/** Routes a participant may call with no id of someone else's in the path. */
const PARTICIPANT = new Set(
  [...routesFor('participant')].filter(
    (route) => !(permissions[route]?.owner === 'participant' && route.includes('{id}')),
  ),
);

beforeAll(async () => {
  t = await buildTestApp();
  participant = await loginAs(t.app, t.database.db, 'participant');
  const doc = (await t.app.inject('/api/docs/json')).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => ({ method: m.toUpperCase(), path })),
  );
});
afterAll(async () => {
  await t.close();
});

/** The route with a malformed id, a query of wrong types and a body of wrong types. */
function hostile(route: { method: string; path: string }, cookie?: string) {
  const url = route.path.replace(/\{[^}]+\}/g, 'not-an-id');
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return t.app.inject({
    method: route.method as 'GET',
    url: `${url}?limit=lots&cursor=%00&status=nope&testId=x&search=%01`,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody ? { payload: JSON.stringify({ email: 7, status: [], password: {}, x: 1 }) } : {}),
  });
}

describe('guards come before validation', () => {
  it('finds the routes to try', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it('answers an anonymous caller 401 on every route that needs a session, whatever the input', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (PUBLIC.has(key)) continue;
      const response = await hostile(route);
      if (response.statusCode !== 401) wrong.push(`${key}: ${response.statusCode}`);
      else expect(response.json()).toEqual({ message: expect.any(String) });
    }
    expect(wrong).toEqual([]);
  });

  it("answers a participant 403 on every admin route and on another person's record, whatever the input", async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (PARTICIPANT.has(key)) continue;
      const response = await hostile(route, participant.cookie);
      if (response.statusCode !== 403) wrong.push(`${key}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('still answers 400 on the routes a caller may use, so the probe input really is wrong', async () => {
    const notRefused: string[] = [];
    for (const key of [
      'POST /api/auth/signin',
      'POST /api/applications',
      'POST /api/client-requests',
    ]) {
      const [method, path] = key.split(' ') as [string, string];
      const response = await hostile({ method, path }, participant.cookie);
      if (response.statusCode !== 400) notRefused.push(`${key}: ${response.statusCode}`);
    }
    expect(notRefused).toEqual([]);
  });
});
