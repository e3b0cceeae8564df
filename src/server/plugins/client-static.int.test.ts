import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, 'about'));
  fs.mkdirSync(path.join(dir, 'sw', 'about'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'sw', 'about', 'index.html'),
    '<!doctype html><title>kuhusu sisi</title>',
  );
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>home</title>');
  fs.writeFileSync(path.join(dir, 'app.html'), '<!doctype html><title>app shell</title>');
  fs.writeFileSync(
    path.join(dir, 'about', 'index.html'),
    '<!doctype html><title>about page</title>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The build writes a brotli copy beside every text file.
  for (const file of ['index.html', 'app.html', path.join('assets', 'index-abc123.js')]) {
    const full = path.join(dir, file);
    fs.writeFileSync(`${full}.br`, brotliCompressSync(fs.readFileSync(full)));
  }
  t = await buildTestApp({ clientDir: dir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('serving the built client', () => {
  it('caches hashed assets for a year, immutable', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the home page and prerendered pages, never cached', async () => {
    const home = await t.app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('home');
    expect(home.headers['cache-control']).toBe('no-cache');
    const about = await t.app.inject({ url: '/about' });
    expect(about.body).toContain('about page');
    expect((await t.app.inject({ url: '/about/' })).body).toContain('about page');
    expect((await t.app.inject({ url: '/sw/about' })).body).toContain('kuhusu sisi');
  });

  it('keeps nothing per path visitors send: 3,000 different long ids leave the heap as it was', async () => {
    // A client route may hold any id (/admin/test/…); remembering each path answered once
    // grew the heap by every path sent, without bound and without signing in.
    const v8 = await import('node:v8');
    const vm = await import('node:vm');
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const id = (i: number) => `${i}-${'x'.repeat(8_000)}`;
    const heapAfterGc = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    await t.app.inject({ url: `/admin/test/${id(-1)}` });
    const before = heapAfterGc();
    for (let i = 0; i < 3_000; i++) {
      const res = await t.app.inject({ url: `/admin/test/${id(i)}` });
      expect(res.statusCode).toBe(200);
    }
    // 3,000 paths of 8 KB are 24 MB if kept.
    expect(heapAfterGc() - before).toBeLessThan(8 * 1024 * 1024);
  });

  it('serves the precompressed copy to a browser that accepts brotli, with the same cache rules', async () => {
    const home = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(home.rawPayload).toString()).toContain('home');
    const asset = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers the app shell with 200 for app routes, with their query strings', async () => {
    for (const url of [
      '/login',
      '/admin/login',
      '/participant/dashboard',
      '/admin/test/123',
      '/reset-password?token=abc',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('app shell');
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('answers unknown pages with the app shell and a 404 status', async () => {
    const res = await t.app.inject({ url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('app shell');
  });

  it('answers a missing asset with the { message } 404 of every error, not the app', async () => {
    for (const url of [
      '/assets/index-old999.js',
      '/missing.png',
      '/.env',
      '/%2e%2e/package.json',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: 'Not found' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('keeps unknown /api paths JSON and does not serve files outside the build', async () => {
    expect((await t.app.inject({ url: '/api/unknown' })).json()).toEqual({ message: 'Not found' });
    const traversal = await t.app.inject({ url: '/assets/..%2f..%2fetc%2fpasswd' });
    expect(traversal.body).not.toContain('root:');
  });
});
