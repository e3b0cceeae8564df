import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { testConfig } from '../app';
import { createTestDatabase } from '../db';

/** A client that hangs up mid-body is not a database outage (no error-level log line). */
let text = '';
let app: FastifyInstance;
let database: Database;
let port: number;
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    text += chunk.toString();
    done();
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig(),
    database,
    loggerInstance: pino({ level: 'info' }, sink),
    clientDir: '/nonexistent-client-dir',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function sendHalfAndHangUp(): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /api/client-requests HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":"A',
      );
      setImmediate(() => socket.destroy());
    });
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

describe('a client that hangs up mid-body', () => {
  it('is logged as the client going away, never as the database being unavailable', async () => {
    for (let i = 0; i < 5; i++) await sendHalfAndHangUp();
    // The server notices the hang-up on its next turn; health proves it is still serving.
    await expect.poll(() => text.includes('client went away'), { timeout: 5000 }).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines.filter((l) => l.msg === 'database unavailable')).toEqual([]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
