import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { projectRoot } from '../../lib/project-root';
import { enqueueMail } from './mail.service';
import { passwordResetMail } from './mail-copy';

const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const root = projectRoot();
let dataDir: string;

/** `npm run mail:outbox` as a developer runs it, on the embedded database in `dataDir`. */
function runScript(
  args: string[] = [],
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/mail-outbox.ts', ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NODE_ENV: 'production',
      },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-outbox-'));
  const database = await openPglite(dataDir);
  try {
    await runMigrations(database);
    await enqueueMail(
      database.db,
      passwordResetMail({
        to: 'dev@example.com',
        firstName: 'Dev',
        link: 'http://localhost:5000/reset-password?token=DevToken123',
      }),
      { smtpConfigured: false, log: silent },
    );
  } finally {
    await database.close();
  }
}, 60_000);
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run mail:outbox', () => {
  it('prints queued mail with its body (the reset link) while the server is not running', async () => {
    const { code, out, err } = await runScript();
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('To:      dev@example.com');
    expect(out).toContain('Kind:    password-reset');
    expect(out).toContain('http://localhost:5000/reset-password?token=DevToken123');
  }, 60_000);

  it('says clearly that the server holds the database when it does, and changes nothing', async () => {
    const server = await openPglite(dataDir);
    try {
      const { code, out, err } = await runScript();
      expect(code).toBe(1);
      expect(out).toBe('');
      expect(err).toContain(`The server (process ${process.pid}) holds the embedded database`);
      expect(err).toContain('Stop the server');
    } finally {
      await server.close();
    }
    // Once the server is gone the script works again.
    expect((await runScript(['--to', 'DEV@example.com'])).out).toContain('DevToken123');
  }, 60_000);

  it('refuses a bad option with its usage', async () => {
    const { code, err } = await runScript(['--limit', 'many']);
    expect(code).toBe(2);
    expect(err).toContain('Usage: npm run mail:outbox');
  }, 60_000);
});
