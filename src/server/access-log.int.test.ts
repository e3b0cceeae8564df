import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLoggedTestApp, type LoggedTestApp, type TestApp } from '../../test/app';
import { accessLogLevel } from './app';

type Line = { level: number; msg: string; url?: string; status?: number };
let t: LoggedTestApp;
let lines: Line[];
let app: TestApp['app'];

beforeAll(async () => {
  t = await buildLoggedTestApp();
  app = t.app;
  lines = t.lines as Line[];
});
afterAll(async () => {
  await t.close();
});

const requestLines = (url: string) => lines.filter((l) => l.msg === 'request' && l.url === url);

describe('the access log', () => {
  it('writes one info line per request, with its request id echoed in x-request-id', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
    expect(requestLines('/api/health')).toHaveLength(1);
    expect(requestLines('/api/health')[0]!.status).toBe(200);
  });

  it('gives every request an id of its own (none repeats), and echoes a proxy’s well-formed one', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const res = await app.inject({ url: '/api/health' });
      ids.add(String(res.headers['x-request-id']));
    }
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[\w-]{8,64}$/);
    const given = await app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'proxy-given-1234' },
    });
    expect(given.headers['x-request-id']).toBe('proxy-given-1234');
    const forged = await app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(forged.headers['x-request-id']).not.toBe('bad id <script>');
  });

  it('keeps the request id on error answers', async () => {
    const res = await app.inject({ url: '/api/admin/list' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('logs the polled public reads (stats, tests) below info when they succeed', async () => {
    for (const url of ['/api/stats', '/api/tests']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(requestLines(url), url).toHaveLength(0);
    }
  });

  it('writes the polled reads at debug when the log level is debug', async () => {
    const verbose = await buildLoggedTestApp({ level: 'debug', database: t.database });
    try {
      await verbose.app.inject({ url: '/api/stats' });
      const line = verbose.lines.find((l) => l.msg === 'request' && l.url === '/api/stats');
      expect(line?.level).toBe(20);
    } finally {
      await verbose.close();
    }
  });

  it('logs a polled read that fails at info like any other request', () => {
    expect(accessLogLevel(200, 'debug')).toBe('debug');
    expect(accessLogLevel(304, 'debug')).toBe('debug');
    expect(accessLogLevel(500, 'debug')).toBe('info');
    expect(accessLogLevel(503, 'debug')).toBe('info');
    expect(accessLogLevel(200, undefined)).toBe('info');
  });
});
