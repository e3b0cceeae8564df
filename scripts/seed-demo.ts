// npm run seed:demo: demo studies, participants, applications, payments and leads, for looking around.
// Demo participants share one random password, printed once; nothing fixed is ever committed.
import crypto from 'node:crypto';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { seedDemoData } from '../src/server/db/demo-data';
import { hashPassword, setPasswordHashingCost } from '../src/server/modules/accounts/passwords';

const config = loadConfig();
setPasswordHashingCost(config.passwordHashing);
const database = await openDatabase(config);
const { db } = database;
try {
  await runMigrations(database);
  const password = crypto.randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  const seeded = await seedDemoData(db, passwordHash);
  const rows = seeded.participants;
  console.log(
    `Demo data added (${database.kind}): ${rows.length} participants, ${seeded.studies} studies, ${seeded.sessions} sessions, ${seeded.applications} applications, ${seeded.payments} payments, ${seeded.requests} requests; studies are open.`,
  );
  console.log(
    `Demo participants sign in with e.g. ${rows[0]!.email} (selected: she can book a session) and the password: ${password}`,
  );
  console.log(
    'Create an admin with: npm run admin:create -- --email you@example.com --password "…"',
  );
} finally {
  await database.close();
}
