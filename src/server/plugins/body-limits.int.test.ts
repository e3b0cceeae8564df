import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';
import { MAX_JSON_BYTES, MAX_JSON_DEPTH } from './body-limits';

/** decisions.md section 8: JSON bodies of at most 64 KiB and 32 levels, refused cheaply. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const post = (url: string, payload: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });

describe('JSON body size', () => {
  it('refuses 1 MiB of [ on an anonymous route with 413 { message } before parsing it', async () => {
    const started = performance.now();
    const res = await post('/api/auth/signin', '['.repeat(1024 * 1024));
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Parsing 1 MiB of [ took about a second; refusing it takes a few milliseconds.
    expect(elapsed).toBeLessThan(500);
  });

  it('stops reading a chunked body (no content-length) once it passes 64 KiB', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const chunk = '['.repeat(16 * 1024);
    let sent = 0;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let text = '';
      let answered = false;
      socket.on('data', (data) => {
        text += String(data);
        if (text.includes('\r\n\r\n{')) {
          answered = true;
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', (error) => (answered ? undefined : reject(error)));
      socket.write(
        'POST /api/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Transfer-Encoding: chunked\r\n\r\n',
      );
      // Up to 64 MiB on offer, a chunk per turn of the event loop; the answer comes first.
      const pump = () => {
        if (answered || sent >= 4096) return;
        sent++;
        socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`, () => setImmediate(pump));
      };
      pump();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toContain('The request is too large');
    expect(sent).toBeLessThan(4096);
  });

  it('takes a body of exactly 64 KiB and refuses one byte more', async () => {
    const filler = (size: number) => {
      const head = '{"email":"a@example.com","password":"';
      return head + 'x'.repeat(size - head.length - 2) + '"}';
    };
    expect(filler(MAX_JSON_BYTES)).toHaveLength(MAX_JSON_BYTES);
    expect((await post('/api/auth/signin', filler(MAX_JSON_BYTES))).statusCode).not.toBe(413);
    expect((await post('/api/auth/signin', filler(MAX_JSON_BYTES + 1))).statusCode).toBe(413);
  });
});

describe('JSON nesting', () => {
  it(`refuses more than ${MAX_JSON_DEPTH} levels with 400 on anonymous routes`, async () => {
    for (const url of ['/api/auth/signin', '/api/client-requests', '/api/participants/register']) {
      const res = await post(url, `{"email":${nested(MAX_JSON_DEPTH)}}`);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: 'The request body is nested too deeply' });
    }
  });

  it(`gives ${MAX_JSON_DEPTH} levels the route's normal validation answer`, async () => {
    const res = await post('/api/auth/signin', `{"email":${nested(MAX_JSON_DEPTH - 1)}}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please check the highlighted fields');
    expect(res.json().errors).toHaveProperty('email');
  });

  it('refuses a body of 64 KiB of [ quickly, signed in too', async () => {
    const admin = await loginAs(t.app, t.database.db, 'admin');
    const started = performance.now();
    const res = await post('/api/tests', '['.repeat(MAX_JSON_BYTES - 1), admin.cookie);
    expect(performance.now() - started).toBeLessThan(500);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is nested too deeply');
  });

  it("keeps Fastify's prototype-poisoning protection", async () => {
    const res = await post('/api/auth/signin', '{"__proto__":{"admin":true},"email":"a@b.co"}');
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('still parses JSON with a charset and brackets inside strings', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: JSON.stringify({ email: 'nobody@example.com', password: '['.repeat(100) }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.statusCode).toBe(401);
  });
});
