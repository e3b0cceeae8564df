// npm run mail:outbox [-- --hours 24 --limit 20 --to someone@example.com]
// Prints the queued (and recently sent) mail of the database, bodies included: how a
// developer without SMTP_URL gets a reset link. The embedded database (PGlite) allows one
// process at a time, so with it this runs while the server is stopped.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { lockHolder } from '../src/server/db/pglite-lock';
import { formatMailForDeveloper, mailForDeveloper } from '../src/server/modules/mail/outbox-dump';

const usage =
  'Usage: npm run mail:outbox [-- --hours 24 --limit 20 --to someone@example.com]\n' +
  '  Shows mail not sent yet and mail sent in the last --hours, newest first.';

let values;
try {
  ({ values } = parseArgs({
    options: {
      hours: { type: 'string', default: '24' },
      limit: { type: 'string', default: '20' },
      to: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const hours = Number(values.hours);
const limit = Number(values.limit);
if (!Number.isFinite(hours) || hours < 0 || !Number.isInteger(limit) || limit < 1) {
  console.error(`--hours takes a number of hours and --limit a whole number from 1.\n${usage}`);
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}

if (!config.databaseUrl) {
  if (!fs.existsSync(path.join(config.dataDir, 'db'))) {
    console.error(
      `No embedded database in ${config.dataDir} yet: start the server once (npm start), or set DATA_DIR.`,
    );
    process.exit(1);
  }
  const holder = await lockHolder(config.dataDir);
  if (holder !== null) {
    console.error(
      `The server (process ${holder}) holds the embedded database in ${config.dataDir}.\n` +
        'PGlite allows one process at a time, so this cannot read the outbox while the server runs.\n' +
        'Stop the server (Ctrl+C) and run `npm run mail:outbox` again, or sign in as an admin\n' +
        'and open the Outbox tab of the admin dashboard (it never shows a reset link, though).',
    );
    process.exit(1);
  }
}

let database;
try {
  database = await openDatabase(config);
} catch (error) {
  console.error(`Could not open the database: ${(error as Error).message}`);
  process.exit(1);
}
try {
  const mail = await mailForDeveloper(database.db, {
    sentSince: new Date(Date.now() - hours * 3600_000),
    limit,
    to: values.to,
  });
  process.stdout.write(formatMailForDeveloper(mail));
} finally {
  await database.close();
}
