import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { Database } from './db/client';

/**
 * decisions.md section 8: TRUST_PROXY is `true` (every hop: unsafe, warned at start), a
 * hop count, or the proxies' addresses/CIDRs; request.ip (the rate limits' key) follows it.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The app with TRUST_PROXY set, a route that echoes request.ip, and its log lines. */
async function appTrusting(trustProxy: string) {
  const lines: { level: number; msg: string }[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as { level: number; msg: string });
      done();
    },
  });
  const app = await buildApp({
    config: testConfig({ TRUST_PROXY: trustProxy }),
    database,
    loggerInstance: pino({ level: 'warn' }, destination),
    clientDir: '/nonexistent-client-dir',
  });
  app.get('/test/ip', async (request) => ({ ip: request.ip }));
  await app.ready();
  const ipOf = async (remoteAddress: string, forwardedFor?: string) =>
    (
      await app.inject({
        url: '/test/ip',
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      })
    ).json().ip as string;
  return { app, ipOf, warnings: () => lines.filter((l) => l.level === 40).map((l) => l.msg) };
}

describe('TRUST_PROXY parsing', () => {
  it('reads true, a hop count, and addresses or CIDRs', () => {
    const read = (v: string) => loadConfig({ TRUST_PROXY: v }).trustProxy;
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('0')).toBe(false);
    expect(read('true')).toBe(true);
    expect(read('1')).toBe(1);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.1')).toBe('10.0.0.1');
    expect(read('10.0.0.0/8, 192.168.1.7 ,::1,fd00::/8')).toBe(
      '10.0.0.0/8,192.168.1.7,::1,fd00::/8',
    );
    expect(read('loopback,uniquelocal')).toBe('loopback,uniquelocal');
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0', 'proxy.example', '10.0.0.1,,10.0.0.2', '-1'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(
      /TRUST_PROXY: must be true, false, a hop count/,
    );
  });
});

describe('request.ip', () => {
  it('unset: the socket address, X-Forwarded-For ignored', async () => {
    const { app, ipOf } = await appTrusting('');
    expect(await ipOf('203.0.113.9', '1.2.3.4')).toBe('203.0.113.9');
    await app.close();
  });

  it('1: one proxy in front, so the client is the last address it added', async () => {
    const { app, ipOf, warnings } = await appTrusting('1');
    // A client forging "1.2.3.4" still shows as its real address, appended by the proxy.
    expect(await ipOf('10.0.0.5', '1.2.3.4, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipOf('10.0.0.5', '198.51.100.7')).toBe('198.51.100.7');
    expect(warnings()).toEqual([]);
    await app.close();
  });

  it('2: two proxies, the second-last address', async () => {
    const { app, ipOf } = await appTrusting('2');
    expect(await ipOf('10.0.0.5', '1.2.3.4, 198.51.100.7, 10.0.0.4')).toBe('198.51.100.7');
    await app.close();
  });

  it('addresses: trusts only hops from the listed proxies', async () => {
    const { app, ipOf } = await appTrusting('10.0.0.0/8');
    expect(await ipOf('10.0.0.5', '1.2.3.4, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipOf('10.0.0.5', '1.2.3.4, 10.9.9.9')).toBe('1.2.3.4');
    // A request that does not come through the proxy cannot choose its address.
    expect(await ipOf('203.0.113.9', '1.2.3.4')).toBe('203.0.113.9');
    await app.close();
  });

  it('true: trusts every hop, so the first (forgeable) address wins; warned once at start', async () => {
    const { app, ipOf, warnings } = await appTrusting('true');
    expect(await ipOf('10.0.0.5', '1.2.3.4, 198.51.100.7')).toBe('1.2.3.4');
    expect(await ipOf('10.0.0.5', '5.6.7.8')).toBe('5.6.7.8');
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(/TRUST_PROXY=true trusts every X-Forwarded-For hop/);
    await app.close();
  });
});
