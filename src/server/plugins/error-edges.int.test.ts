import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';

/**
 * decisions.md section 8: every error answer carries the security headers and the
 * `{ message }` shape, the router's and Node's own refusals included; a wrong method on a
 * known path is 405 with `Allow`; /api/docs carries the product's CSP.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const API_CSP = "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'";

function expectProtected(res: { headers: Record<string, unknown> }, csp = API_CSP) {
  expect(res.headers['content-security-policy']).toBe(csp);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['x-request-id']).toBeTruthy();
}

describe("the router's own refusals", () => {
  it('answers GET /% with 400 { message } and the page headers', async () => {
    const res = await t.app.inject({ url: '/%' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The address is not valid' });
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('answers a bad /api address with 400 and the API headers', async () => {
    const res = await t.app.inject({ url: '/api/participants/%zz' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The address is not valid' });
    expectProtected(res);
  });

  it('answers a path parameter over the length limit with 414 and the API headers', async () => {
    const res = await t.app.inject({ url: `/api/tests/${'a'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'The address is too long' });
    expectProtected(res);
  });

  it("answers a request Node's HTTP parser refuses with the API headers and { message }", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nNot a header line\r\n\r\n');
      });
      let text = '';
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw).toContain(`content-security-policy: ${API_CSP}\r\n`);
    expect(raw).toContain('x-content-type-options: nosniff\r\n');
    expect(raw.split('\r\n\r\n')[1]).toBe(JSON.stringify({ message: 'The request is malformed' }));
  });
});

describe('error answers', () => {
  it('carry the security headers and { message } for 400, 401, 403, 404, 413 and 415', async () => {
    const participant = await loginAs(t.app, t.database.db, 'participant');
    const answers = [
      [400, await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: {} })],
      [401, await t.app.inject({ url: '/api/participants' })],
      [
        403,
        await t.app.inject({ url: '/api/participants', headers: { cookie: participant.cookie } }),
      ],
      [404, await t.app.inject({ url: '/api/nothing-here' })],
      [
        413,
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: 'x'.repeat(70 * 1024),
          headers: { 'content-type': 'application/json' },
        }),
      ],
      [
        415,
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: '<x/>',
          headers: { 'content-type': 'application/xml' },
        }),
      ],
    ] as const;
    for (const [status, res] of answers) {
      expect(res.statusCode, String(status)).toBe(status);
      expect(typeof res.json().message, String(status)).toBe('string');
      expectProtected(res);
    }
  });
});

describe('wrong method on a known path', () => {
  it('is 405 with Allow naming the methods the path takes', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/signin' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({ message: 'This method is not allowed here' });
    expectProtected(res);
  });

  it('matches paths with parameters, and a query string does not matter', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/participants/8b0f4d6e-3c1a-4a55-9d7e-2b1f0e6c9a11?x=1',
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, DELETE');
  });

  it('leaves unknown paths a 404', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/no-such-thing' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/auth' })).statusCode).toBe(404);
  });
});

describe('/api/docs', () => {
  it("carries the product's page CSP: no inline scripts, no framing, no other sites", async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const pageCsp = String(
      (await t.app.inject({ url: '/some-page' })).headers['content-security-policy'],
    );
    expect(csp).toBe(pageCsp);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('validator.swagger.io');
    // Swagger UI runs from its own files only: no inline script in the page.
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const initializer = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('validatorUrl');
  });
});
