import fs from 'node:fs';
import path from 'node:path';

export type DataDirLock = { release(): void };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one connection inside one process: two processes opening the same
 * data directory corrupt it. The lock file holds the owner's pid; a lock left
 * by a process that no longer runs is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The database in ${dataDir} is in use by process ${owner}. ` +
            'PGlite allows one process at a time: stop the other one, or use DATABASE_URL with PostgreSQL to run several instances.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
