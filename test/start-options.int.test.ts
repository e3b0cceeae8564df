// npm start's Node options (docs/decisions/044-export-memory-and-scale-misses.md): written once, in
// package.json, and read from there by the benches and the browser tests' server.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { productionNodeOptions, wantedSiteOrigin } from '../scripts/lib.mjs';

describe('production Node options', () => {
  it('npm start bounds the heap’s growth and the young generation', () => {
    expect(productionNodeOptions()).toEqual([
      '--heap-growing-percent=15',
      '--max-semi-space-size=8',
    ]);
  });

  it('are options this Node accepts (a misspelt one would stop the server from starting)', () => {
    const run = spawnSync(
      process.execPath,
      [...productionNodeOptions(), '-e', 'console.log("started")'],
      { encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('started\n');
  });
});

describe('the address npm start expects the public pages to be built for', () => {
  it('is SITE_ORIGIN, else PUBLIC_URL, else the local default, as vite.config.ts builds them', () => {
    expect(
      wantedSiteOrigin({ SITE_ORIGIN: 'https://insightlab.co.ke/x', PUBLIC_URL: 'http://a' }),
    ).toBe('https://insightlab.co.ke');
    expect(wantedSiteOrigin({ PUBLIC_URL: 'http://127.0.0.1:6201/' })).toBe(
      'http://127.0.0.1:6201',
    );
    expect(wantedSiteOrigin({})).toBe('http://localhost:5000');
    expect(wantedSiteOrigin({ PUBLIC_URL: 'not a url' })).toBeNull();
    expect(wantedSiteOrigin({ SITE_ORIGIN: 'ftp://insightlab.co.ke' })).toBeNull();
  });
});
