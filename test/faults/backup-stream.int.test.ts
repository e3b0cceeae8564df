import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { backupsDir, writePgliteBackup } from '../../src/server/db/backup';
import { openPglite } from '../../src/server/db/client';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a PGlite backup', () => {
  it('is streamed to an owner-only gzip file', async () => {
    const database = await openPglite();
    try {
      const file = await writePgliteBackup(database.pglite!, tempDir());
      const bytes = fs.readFileSync(file);
      expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      await database.close();
    }
  });

  it('whose dump fails half-way rejects with that error and leaves no partial file', async () => {
    const dataDir = tempDir();
    const failing = {
      query: async () => ({ rows: [] }),
      dumpDataDir: async () => ({
        stream: () =>
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new Uint8Array([0x1f, 0x8b, 8]));
              controller.error(new Error('dump read failed'));
            },
          }),
      }),
    } as unknown as PGlite;
    // Several times: the read can fail while the file is still being opened.
    for (let i = 0; i < 20; i++) {
      await expect(writePgliteBackup(failing, dataDir)).rejects.toThrow('dump read failed');
      expect(fs.readdirSync(backupsDir(dataDir))).toEqual([]);
    }
  });
});
