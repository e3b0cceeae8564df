import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';
import { studyBody } from '../../../test/support/recruiting';

/**
 * Decision 043: a visitor's polled reads answered before Fastify, from the JSON held, with
 * the bytes and headers Fastify's route sends; everything else goes to Fastify.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

/** What a request was answered, and whether it was answered before Fastify. */
async function ask(path: string, init: RequestInit = {}) {
  const before = t.app.publicAnswers.served();
  const response = await fetch(base + path, init);
  const body = await response.text();
  const headers = Object.fromEntries(response.headers);
  return { status: response.status, body, headers, early: t.app.publicAnswers.served() > before };
}

/** The headers that must match between the two paths (the date and the request's id differ). */
const comparable = (headers: Record<string, string>) => {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
};

describe.each(['/api/stats', '/api/tests'])('%s for a visitor', (path) => {
  it('is loaded through Fastify first, then answered before it with the same bytes and headers', async () => {
    // Nothing is held until the route has loaded it (a fresh app).
    const first = await ask(path, { headers: { cookie: 'lang=sw' } }); // a visitor's own cookie
    expect(first.status).toBe(200);
    const second = await ask(path);
    expect(second.early).toBe(true);
    expect(second.status).toBe(200);
    expect(second.body).toBe(first.body);
    expect(comparable(second.headers)).toEqual(comparable(first.headers));
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers['content-security-policy']).toContain("default-src 'none'");
    expect(second.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    // A proxy's request id is kept, as Fastify keeps it.
    const traced = await ask(path, { headers: { 'x-request-id': 'edge-12345678' } });
    expect(traced.early).toBe(true);
    expect(traced.headers['x-request-id']).toBe('edge-12345678');
  });

  it('leaves to Fastify a query string, a HEAD, another method, and anyone with a session cookie', async () => {
    await ask(path);
    expect((await ask(`${path}?page=2`)).early).toBe(false);
    expect((await ask(path, { method: 'HEAD' })).early).toBe(false);
    const posted = await ask(path, { method: 'POST', headers: { 'content-type': 'text/plain' } });
    expect(posted.early).toBe(false);
    expect(posted.status).toBeGreaterThanOrEqual(400);
    const { cookie } = await loginAs(t.app, t.database.db, 'participant');
    const signedIn = await ask(path, { headers: { cookie } });
    expect(signedIn.early).toBe(false);
    expect(signedIn.status).toBe(200);
    // A participant's list is theirs (the figures are the public ones for them too).
    if (path === '/api/tests') expect(signedIn.headers['cache-control']).toBe('private, no-store');
    // The cookie parser forgives spaces around the name: so does this check.
    const spaced = await ask(path, { headers: { cookie: cookie.replace('=', ' =') } });
    expect(spaced.early).toBe(false);
    if (path === '/api/tests') expect(spaced.headers['cache-control']).toBe('private, no-store');
  });
});

it('shows a study made through the API in the very next visitor answer (the held list is dropped)', async () => {
  await ask('/api/tests');
  expect((await ask('/api/tests')).early).toBe(true);
  const admin = await loginAs(t.app, t.database.db, 'admin');
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/tests',
    headers: { cookie: admin.cookie },
    payload: studyBody({ title: 'Held list dropped on write' }),
  });
  expect(made.statusCode).toBe(201);
  const activated = await t.app.inject({
    method: 'PUT',
    url: `/api/tests/${made.json().test.id}/status`,
    headers: { cookie: admin.cookie },
    payload: { status: 'active' },
  });
  expect(activated.statusCode).toBe(200);
  const after = await ask('/api/tests');
  expect(after.early).toBe(false); // loaded again by the route
  expect(after.body).toContain('Held list dropped on write');
  const next = await ask('/api/tests');
  expect(next.early).toBe(true);
  expect(next.body).toBe(after.body);
});

it('answers 503 through Fastify to a visitor whose request arrives while the server stops', async () => {
  const own = await buildTestApp();
  const address = await own.app.listen({ port: 0, host: '127.0.0.1' });
  await fetch(`${address}/api/stats`); // held from now on
  const parsed = new Promise((resolve) =>
    own.app.server.once('connection', (serverSide: net.Socket) => serverSide.once('data', resolve)),
  );
  const socket = net.connect(Number(new URL(address).port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let text = '';
  socket.on('data', (data) => (text += String(data)));
  const ended = new Promise((resolve) => socket.on('close', resolve));
  socket.write('GET /api/stats HTTP/1.1\r\nHost: x\r\n');
  await parsed;
  const closed = own.close();
  socket.write('\r\n');
  await ended;
  await closed;
  expect(text).toMatch(/^HTTP\/1\.1 503 /);
  expect(text.toLowerCase()).toContain('connection: close');
});
