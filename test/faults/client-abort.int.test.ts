import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLoggedTestApp, type LoggedTestApp, type LogLine } from '../app';

/** A client that hangs up mid-body is not a database outage (no error-level log line). */
let t: LoggedTestApp;
let lines: LogLine[];
let port: number;

beforeAll(async () => {
  t = await buildLoggedTestApp();
  lines = t.lines;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t.close();
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
    await expect
      .poll(() => lines.some((l) => l.msg === 'client went away'), { timeout: 5000 })
      .toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(lines.filter((l) => l.msg === 'database unavailable')).toEqual([]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
