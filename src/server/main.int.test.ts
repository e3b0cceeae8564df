import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { participantInput } from '../../test/factories';
import { adminUrl, runPrefix, withDatabase } from '../../test/pg-urls';
import {
  freePort,
  startServer,
  waitUntilReady,
  type ServerProcess,
} from '../../test/server-process';

const started: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'main-test-'));
  dirs.push(d);
  return d;
};
const json = (url: string, body: unknown, cookie?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

// Each test starts real server processes; on a loaded machine one start can take 20 s.
describe('the server process', { timeout: 120_000 }, () => {
  it('refuses to start with a bad variable and names it', async () => {
    const server = startServer(
      { DATA_DIR: tempDir(), RATE_LIMIT_AUTH_PER_MIN: 'lots' },
      await freePort(),
    );
    started.push(server);
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('RATE_LIMIT_AUTH_PER_MIN');
  });

  it('stops cleanly on SIGTERM, releases the data, and keeps what was stored', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir }, port);
    started.push(first);
    await waitUntilReady(first);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
    const input = participantInput();
    expect((await json(`${first.url}/api/participants/register`, input)).status).toBe(201);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped cleanly');
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    const second = startServer({ DATA_DIR: dataDir }, port);
    started.push(second);
    await waitUntilReady(second);
    const signin = await json(`${second.url}/api/auth/signin`, {
      email: input.email,
      password: input.password,
    });
    expect(signin.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('stops cleanly on SIGTERM even when nobody reads its log any more (EPIPE)', async () => {
    const dataDir = tempDir();
    const server = startServer({ DATA_DIR: dataDir }, await freePort());
    started.push(server);
    await waitUntilReady(server);
    // The log's reader goes away, as `npm start | head` or a dead log shipper would.
    server.child.stdout!.destroy();
    server.child.stderr!.destroy();
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(20_000);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  });

  it('never writes a password, session id or hash to its log', async () => {
    const dataDir = tempDir();
    const server = startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'trace' }, await freePort());
    started.push(server);
    await waitUntilReady(server);
    const input = participantInput();
    await json(`${server.url}/api/participants/register`, input);
    const signin = await json(`${server.url}/api/auth/signin`, {
      email: input.email,
      password: input.password,
    });
    const cookie = signin.headers.get('set-cookie')!.split(';')[0]!;
    await fetch(`${server.url}/api/auth/session`, { headers: { cookie } });
    await json(`${server.url}/api/auth/signin`, {
      email: input.email,
      password: 'Wrong-Password-9',
    });
    server.child.kill('SIGTERM');
    await server.exited;
    const log = server.output();
    expect(log).toContain('"url":"/api/auth/signin"');
    expect(log).not.toContain(input.password);
    expect(log).not.toContain('Wrong-Password-9');
    expect(log).not.toContain(cookie.split('=')[1]!);
    expect(log).not.toContain('$argon2');
  });
});

// Two processes on one PostgreSQL: only meaningful (and only possible) with a server.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'two instances on PostgreSQL (needs PostgreSQL: TEST_DATABASE_URL)',
  () => {
    it('share sessions: sign in on one port, the session works on the other', async () => {
      const base = process.env.TEST_DATABASE_URL!;
      const name = `${runPrefix(inject('pgRunId'))}${crypto.randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl(base) });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      try {
        const env = { DATABASE_URL: withDatabase(base, name), DATA_DIR: tempDir() };
        // Both start at once: the migrations' advisory lock must let them.
        const a = startServer(env, await freePort());
        const b = startServer(env, await freePort());
        started.push(a, b);
        await Promise.all([waitUntilReady(a), waitUntilReady(b)]);
        const input = participantInput();
        expect((await json(`${a.url}/api/participants/register`, input)).status).toBe(201);
        const signin = await json(`${a.url}/api/auth/signin`, {
          email: input.email,
          password: input.password,
        });
        const cookie = signin.headers.get('set-cookie')!.split(';')[0]!;
        const session = await (
          await fetch(`${b.url}/api/auth/session`, { headers: { cookie } })
        ).json();
        expect(session.user.email).toBe(input.email);
        a.child.kill('SIGTERM');
        b.child.kill('SIGTERM');
        expect(await a.exited).toBe(0);
        expect(await b.exited).toBe(0);
      } finally {
        const c = new pg.Client({ connectionString: adminUrl(base) });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      }
    });
  },
);
