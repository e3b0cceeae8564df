import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN } from './accounts';
import { startMailCatcher } from './mail-catcher';
import { signInCookie } from './sign-in';
import { TEST_PASSWORD_HASHING_ENV } from '../../test/password-hashing';
import { productionNodeOptions } from '../../scripts/lib.mjs';
import { freePort } from '../../test/server-process';

const root = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's log file. */
    serverLog: string;
    /** Where the test SMTP server writes the mail the server sends (read with `mailTo`). */
    mailDir: string;
  }
}

export type E2eServer = {
  baseUrl: string;
  /** The server's log file. */
  serverLog: string;
  /** Where the test SMTP server writes the mail the server sends. */
  mailDir: string;
  stop(): Promise<void>;
};

/**
 * The real production server (built client, API, embedded database in a temporary
 * DATA_DIR) with its own test SMTP server, ready to answer. The run shares one (below); a
 * spec that changes a site-wide setting starts its own, so files running beside it never
 * see the setting flip.
 */
export async function startE2eServer(
  options: {
    /** Opened through the admin API once the server answers; a fresh site is postponed. */
    studiesOpen?: boolean;
    /** Extra environment for this server, e.g. `{ BOOKING_CUTOFF_HOURS: '0' }`. */
    env?: Record<string, string>;
  } = {},
): Promise<E2eServer> {
  for (const built of ['dist/client/index.html', 'dist/server/main.mjs']) {
    if (!fs.existsSync(path.join(root, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` first (npm test does).`);
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  // Mail goes to a real SMTP server on loopback, as in production; the specs read it there.
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-mail-'));
  const catcher = await startMailCatcher(mailDir);
  const log = fs.openSync(logFile, 'w');
  const server: ChildProcess = spawn(
    process.execPath,
    [...productionNodeOptions(), '--enable-source-maps', 'dist/server/main.mjs'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: catcher.url,
        MAIL_FROM: 'InsightLab <no-reply@insightlab.test>',
        REDIS_URL: '',
        LOG_LEVEL: 'info',
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        RATE_LIMIT_AUTH_PER_MIN: '1000',
        RATE_LIMIT_FORMS_PER_MIN: '1000',
        ...TEST_PASSWORD_HASHING_ENV,
        ...options.env,
      },
      stdio: ['ignore', log, log],
    },
  );

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`server exited early:\n${fs.readFileSync(logFile, 'utf8')}`);
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`server not ready:\n${fs.readFileSync(logFile, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  if (options.studiesOpen) await openStudies(baseUrl);

  return {
    baseUrl,
    serverLog: logFile,
    mailDir,
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
      fs.closeSync(log);
      await catcher.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

/** Switches the site's setting to "studies open", as the e2e admin. */
async function openStudies(baseUrl: string) {
  const cookie = await signInCookie(baseUrl, E2E_ADMIN);
  const saved = await fetch(`${baseUrl}/api/settings`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ settings: { studiesOpen: true } }),
  });
  if (!saved.ok) throw new Error(`opening studies answered ${saved.status}`);
}

/**
 * The browser tests run against one shared server, started once for the run, with
 * studies open (as `seed:demo` leaves a site), so the journeys can apply. The postponed
 * state is tested on a server of its own (startE2eServer()).
 */
export default async function setup(project: TestProject) {
  const server = await startE2eServer({ studiesOpen: true });
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverLog', server.serverLog);
  project.provide('mailDir', server.mailDir);
  return () => server.stop();
}
