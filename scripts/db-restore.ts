// npm run db:restore -- --file DATA_DIR/backups/pglite-….tar.gz
// Restores a PGlite backup into DATA_DIR/db; the current data is kept aside, never deleted.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { loadConfig } from '../src/server/config';
import { acquireDataDirLock } from '../src/server/db/pglite-lock';
import { preparePrivateDir } from '../src/server/db/private-files';

const { values } = parseArgs({ options: { file: { type: 'string' } } });
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL dumps with pg_restore.');
  process.exit(2);
}
if (!values.file || !fs.existsSync(values.file)) {
  console.error('Usage: npm run db:restore -- --file <backup.tar.gz>');
  process.exit(2);
}

preparePrivateDir(config.dataDir);
const lock = await acquireDataDirLock(config.dataDir); // refuses while the server runs
try {
  const target = path.join(config.dataDir, 'db');
  if (fs.existsSync(target)) {
    const aside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(target, aside);
    console.log(`Current data moved to ${aside}`);
  }
  const db = new PGlite({
    dataDir: target,
    loadDataDir: new Blob([fs.readFileSync(values.file)]),
    extensions: { pg_trgm },
  });
  await db.waitReady;
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM participants');
  await db.close();
  console.log(`Restored ${values.file} into ${target} (${rows[0]?.n ?? 0} participants).`);
} finally {
  lock.release();
}
