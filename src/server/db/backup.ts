import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import type { PGlite } from '@electric-sql/pglite';

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/**
 * A consistent copy of the embedded database: PGlite checkpoints and tars its
 * data directory from inside its own single connection, so no write is torn.
 * Restore by starting PGlite with `loadDataDir` (see README).
 */
export async function writePgliteBackup(pglite: PGlite, dataDir: string): Promise<string> {
  await pglite.query('CHECKPOINT');
  const dump = await pglite.dumpDataDir('gzip');
  const dir = backupsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `pglite-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
  const temp = `${file}.partial`;
  const out = fs.createWriteStream(temp, { mode: 0o600 });
  try {
    // Streamed through pipeline: a failed read or write rejects here, never as an unheard
    // stream error, and leaves no partial file; the dump is not copied whole into memory.
    await pipeline(Readable.fromWeb(dump.stream() as ReadableStream), out);
  } catch (error) {
    // The file may still be opening when the read fails: removed once it is closed.
    if (!out.closed) await once(out, 'close').catch(() => {});
    fs.rmSync(temp, { force: true });
    throw error;
  }
  fs.renameSync(temp, file);
  return file;
}

/**
 * How `npm run db:backup` calls pg_dump: the password travels in PGPASSWORD, never on
 * the command line, where `ps` shows it to every local user.
 */
export function pgDumpInvocation(
  databaseUrl: string,
  file: string,
): { args: string[]; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    args: ['--format=custom', '--file', file, url.toString()],
    env: password ? { PGPASSWORD: password } : {},
  };
}
