// npm run db:backup: a consistent copy of the database under DATA_DIR/backups.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { backupsDir, pgDumpInvocation, writePgliteBackup } from '../src/server/db/backup';
import { openPglite } from '../src/server/db/client';
import { lockHolder } from '../src/server/db/pglite-lock';
import { preparePrivateDir } from '../src/server/db/private-files';

const config = loadConfig();
const dir = backupsDir(config.dataDir);
preparePrivateDir(dir);

if (config.databaseUrl) {
  const file = path.join(dir, `postgres-${new Date().toISOString().replace(/[:.]/g, '-')}.dump`);
  const { args, env } = pgDumpInvocation(config.databaseUrl, file);
  const result = spawnSync('pg_dump', args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error('pg_dump failed (is the PostgreSQL client installed?)');
    process.exit(1);
  }
  console.log(`Backup written: ${file}`);
  process.exit(0);
}

// A running server holds the lock and answers with its pid: only it may open the data.
const owner = await lockHolder(config.dataDir);

if (owner !== null) {
  // The server owns the only connection: ask it to write the backup (SIGUSR2) and wait for the file.
  const before = new Set(fs.readdirSync(dir));
  process.kill(owner, 'SIGUSR2');
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const created = fs.readdirSync(dir).filter((f) => !before.has(f) && f.endsWith('.tar.gz'));
    if (created.length > 0) {
      console.log(
        `Backup written by the running server (pid ${owner}): ${path.join(dir, created[0]!)}`,
      );
      process.exit(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error('The running server did not write a backup within 2 minutes; see its log.');
  process.exit(1);
}

const database = await openPglite(config.dataDir);
try {
  console.log(`Backup written: ${await writePgliteBackup(database.pglite!, config.dataDir)}`);
} finally {
  await database.close();
}
