import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { accessLogLevel, buildApp } from './app';
import type { Database } from './db/client';

type Line = { level: number; msg: string; url?: string; status?: number };
const lines: Line[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({
    config: testConfig(),
    database,
    loggerInstance: pino({ level: 'info' }, sink),
    clientDir: '/nonexistent-client-dir',
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const requestLines = (url: string) => lines.filter((l) => l.msg === 'request' && l.url === url);

describe('the access log', () => {
  it('writes one info line per request, with its request id echoed in x-request-id', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
    expect(requestLines('/api/health')).toHaveLength(1);
    expect(requestLines('/api/health')[0]!.status).toBe(200);
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
    const debugLines: Line[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          debugLines.push(JSON.parse(line));
        done();
      },
    });
    const verbose = await buildApp({
      config: testConfig(),
      database,
      loggerInstance: pino({ level: 'debug' }, sink),
      clientDir: '/nonexistent-client-dir',
    });
    try {
      await verbose.inject({ url: '/api/stats' });
      const line = debugLines.find((l) => l.msg === 'request' && l.url === '/api/stats');
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
