import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export type DataDirLock = { release(): void };

/** The longest socket path the kernel takes (sun_path is 108 bytes with its NUL on Linux). */
const MAX_SOCKET_PATH = 103;

export const lockFileName = 'pglite.lock';

/**
 * The path to bind: absolute when it fits in a socket address, else relative to the
 * working directory (the kernel resolves it the same way), else a clear error.
 */
function socketPath(dataDir: string): string {
  const absolute = path.resolve(dataDir, lockFileName);
  if (Buffer.byteLength(absolute) <= MAX_SOCKET_PATH) return absolute;
  const relative = path.relative(process.cwd(), absolute);
  if (Buffer.byteLength(relative) <= MAX_SOCKET_PATH) return relative;
  throw new Error(
    `DATA_DIR is too long to hold its lock (${absolute}): use a path of at most ${MAX_SOCKET_PATH - lockFileName.length - 1} characters.`,
  );
}

function listen(server: net.Server, where: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(where);
  });
}

/**
 * Asks whoever holds the lock for its pid: a number when a live process answers, null
 * when nobody does (no file, an old pid file, or a socket left by a process that died).
 */
export function lockHolder(dataDir: string): Promise<number | null> {
  return new Promise((resolve) => {
    let where: string;
    try {
      where = socketPath(dataDir);
    } catch {
      resolve(null);
      return;
    }
    let answer = '';
    const socket = net.connect(where);
    socket.setEncoding('utf8');
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => resolve(null));
    socket.on('close', () => {
      const pid = Number(answer.trim());
      resolve(Number.isInteger(pid) && pid > 0 ? pid : null);
    });
  });
}

/**
 * PGlite is one connection inside one process: two processes opening the same data
 * directory corrupt it. The lock is a Unix socket bound at DATA_DIR/pglite.lock: the
 * kernel lets one process bind it, and when that process ends, however it ends, nobody
 * answers on it any more. So a lock left by a killed process is taken over, and a pid
 * recycled by some other program (what the old pid file trusted) blocks nothing.
 * Whoever connects is told the holder's pid (see `lockHolder`).
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const where = socketPath(dataDir);
  const server = net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    socket.end(`${process.pid}\n`);
  });
  server.on('error', () => {
    // After listening, a socket error has nobody to report to; the lock stays held.
  });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await listen(server, where);
      return held(server, where);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      // Two processes finding the same dead lock must not both take it: the check and
      // the takeover happen under a mutex (mkdir is atomic), re-checked inside.
      const mutex = `${path.resolve(dataDir, lockFileName)}.takeover`;
      await enterMutex(mutex);
      try {
        const holder = await lockHolder(dataDir);
        if (holder !== null) {
          throw new Error(
            `The database in ${dataDir} is in use by process ${holder}. ` +
              'PGlite allows one process at a time: stop the other one, or use DATABASE_URL with PostgreSQL to run several instances.',
          );
        }
        // Nobody answers: a socket or an old pid file left by a process that ended.
        fs.rmSync(where, { force: true });
        await listen(server, where);
        return held(server, where);
      } catch (takeoverError) {
        if ((takeoverError as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw takeoverError;
      } finally {
        fs.rmSync(mutex, { recursive: true, force: true });
      }
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function held(server: net.Server, where: string): DataDirLock {
  server.unref();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      server.close();
      fs.rmSync(where, { force: true });
    },
  };
}

/** Waits for the takeover mutex; one left by a process killed inside it expires after 10 s. */
async function enterMutex(dir: string): Promise<void> {
  for (;;) {
    try {
      fs.mkdirSync(dir, { mode: 0o700 });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10_000) fs.rmSync(dir, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
