import fs from 'node:fs';
import path from 'node:path';

/**
 * Files the process creates from now on are owner-only (0600 files, 0700 directories).
 * A worker thread cannot change the umask (only tests run the app in one): there
 * `makeOwnerOnly` and the explicit modes still hold.
 */
export function ownerOnlyFromNowOn(): void {
  try {
    process.umask(0o077);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_WORKER_UNSUPPORTED_OPERATION') throw error;
  }
}

/**
 * Makes `dir` and everything under it owner-only: directories 0700, files 0600 (an
 * executable bit is not kept: nothing under DATA_DIR is a program). Symbolic links are
 * left as they are and not followed. Fixes installs whose files were written under a
 * looser umask; returns how many modes it changed.
 */
export function makeOwnerOnly(dir: string): number {
  let changed = 0;
  const visit = (target: string) => {
    const stat = fs.lstatSync(target, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== wanted) {
      fs.chmodSync(target, wanted);
      changed++;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(target)) visit(path.join(target, name));
    }
  };
  visit(dir);
  return changed;
}

/** Creates DATA_DIR (or a folder under it) owner-only and tightens what is already there. */
export function preparePrivateDir(dir: string): number {
  ownerOnlyFromNowOn();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return makeOwnerOnly(dir);
}
