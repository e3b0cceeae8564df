import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { participantInput } from '../../../test/factories';
import {
  freePort,
  startServer,
  waitUntilReady,
  type ServerProcess,
} from '../../../test/server-process';
import { acquireDataDirLock, lockHolder } from './pglite-lock';

const started: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-'));
  dirs.push(d);
  return d;
};
const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Every path under `dir` (symbolic links aside) that a group or other user could use. */
function notOwnerOnly(dir: string): string[] {
  const found: string[] = [];
  const visit = (target: string) => {
    const stat = fs.lstatSync(target);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) found.push(`${target} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory())
      for (const name of fs.readdirSync(target)) visit(path.join(target, name));
  };
  visit(dir);
  return found;
}

// Each test starts real server processes; on a loaded machine one start can take 20 s.
describe('DATA_DIR at rest (decisions.md section 8)', { timeout: 120_000 }, () => {
  it('is owner-only under a umask of 000, and an older install with loose modes is fixed at start', async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o777);
    fs.mkdirSync(path.join(dataDir, 'backups'), { mode: 0o777 });
    fs.writeFileSync(path.join(dataDir, 'backups', 'older.tar.gz'), 'x', { mode: 0o666 });
    fs.chmodSync(path.join(dataDir, 'backups', 'older.tar.gz'), 0o666);

    const server = startServer({ DATA_DIR: dataDir }, await freePort(), { umask: '000' });
    started.push(server);
    await waitUntilReady(server);
    // Writes that land in the WAL: an account and a reset token.
    const input = participantInput();
    expect((await post(`${server.url}/api/participants/register`, input)).status).toBe(201);
    await post(`${server.url}/api/auth/forgot-password`, { email: input.email });
    process.kill(server.child.pid!, 'SIGUSR2'); // a backup, as `npm run db:backup` asks for one
    await expect
      .poll(() => fs.readdirSync(path.join(dataDir, 'backups')).length, { timeout: 20_000 })
      .toBe(2);

    expect(fs.readdirSync(path.join(dataDir, 'db')).length).toBeGreaterThan(3);
    expect(notOwnerOnly(dataDir)).toEqual([]);
    // The stop may come while the backup is still being written: it waits for it to finish.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const backups = fs.readdirSync(path.join(dataDir, 'backups'));
    expect(backups.filter((name) => name.endsWith('.partial'))).toEqual([]);
    expect(backups.filter((name) => name.endsWith('.tar.gz'))).toHaveLength(2);
  });

  it('starts after the previous server was killed, and whatever pid an old lock file names', async () => {
    const dataDir = tempDir();
    // The old lock was a pid file: pid 1 always runs, as a recycled pid would.
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), '1');
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir }, port);
    started.push(first);
    await waitUntilReady(first);
    expect(await lockHolder(dataDir)).toBe(first.child.pid);

    first.child.kill('SIGKILL');
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true); // left behind
    expect(await lockHolder(dataDir)).toBeNull();

    const second = startServer({ DATA_DIR: dataDir }, port);
    started.push(second);
    await waitUntilReady(second);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});

describe('the PGlite lock', () => {
  it('refuses a second holder while the first lives, naming its pid, and frees on release', async () => {
    const dataDir = tempDir();
    const lock = await acquireDataDirLock(dataDir);
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(`in use by process ${process.pid}`);
    expect(await lockHolder(dataDir)).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    (await acquireDataDirLock(dataDir)).release();
  });

  it('lets exactly one of many take a lock left behind at once', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), '1');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => acquireDataDirLock(dataDir)),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(String(r.reason)).toContain('in use by process');
    }
    (won[0] as PromiseFulfilledResult<{ release(): void }>).value.release();
  });

  it('names the limit when DATA_DIR is too long for a lock', async () => {
    const deep = path.join(tempDir(), 'x'.repeat(120));
    fs.mkdirSync(deep);
    const cwd = process.cwd();
    await expect(acquireDataDirLock(deep)).rejects.toThrow(/too long/);
    expect(process.cwd()).toBe(cwd);
  });
});
