// npm run db:migrate: applies the committed migrations (npm start also does it).
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';

const database = await openDatabase(loadConfig());
try {
  await runMigrations(database);
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
