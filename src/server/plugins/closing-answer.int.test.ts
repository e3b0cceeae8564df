import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

/**
 * decisions.md section 8: every error answer carries the security headers and `{ message }`,
 * the 503 of a request that arrives while the server closes included (Fastify's own has
 * neither).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

it('answers a request that completes during shutdown with 503, the API headers and { message }', async () => {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // Node's HTTP parser reads first (its listener came first); this one then knows it has.
  const parsed = new Promise((resolve) =>
    t.app.server.once('connection', (serverSide: net.Socket) => serverSide.once('data', resolve)),
  );
  const socket = net.connect(Number(new URL(address).port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let text = '';
  socket.on('data', (data) => (text += String(data)));
  const ended = new Promise((resolve) => socket.on('close', resolve));
  // The request has begun (so the connection is not idle) when the close starts...
  socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
  await parsed;
  const closed = t.app.close();
  // ...and its headers end after.
  socket.write('\r\n');
  await ended;
  await closed;

  expect(text).toMatch(/^HTTP\/1\.1 503 /);
  const head = text.slice(0, text.indexOf('\r\n\r\n')).toLowerCase();
  expect(head).toContain("content-security-policy: default-src 'none';frame-ancestors 'none'");
  expect(head).toContain('x-content-type-options: nosniff');
  expect(head).toContain('connection: close');
  expect(text.slice(text.indexOf('\r\n\r\n') + 4)).toBe(
    JSON.stringify({ message: 'The service is restarting; please try again' }),
  );
});
