// npm run admin:create -- --email E --password P [--role super_admin|admin]
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { setPasswordHashingCost } from '../src/server/modules/accounts/passwords';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { AppError } from '../src/server/lib/app-error';
import { createAdmin } from '../src/server/modules/admins/admins.service';
import { createAdminSchema } from '../src/shared/schemas/admins';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'super_admin' },
  },
});
const parsed = createAdminSchema.safeParse({
  username: values.email,
  password: values.password,
  role: values.role,
});
if (!parsed.success) {
  console.error(
    'Usage: npm run admin:create -- --email you@example.com --password "a long password" [--role super_admin|admin]',
  );
  for (const issue of parsed.error.issues)
    console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}

const config = loadConfig();
setPasswordHashingCost(config.passwordHashing);
const database = await openDatabase(config);
try {
  await runMigrations(database);
  const admin = await createAdmin(
    database.db,
    { email: parsed.data.username, password: parsed.data.password, role: parsed.data.role },
    { actor: null, ip: 'cli', userAgent: 'admin-create' },
  );
  console.log(`Created ${admin.role} ${admin.email}`);
} catch (error) {
  if (error instanceof AppError) {
    console.error(`Not created: ${Object.values(error.fieldErrors ?? {})[0] ?? error.message}`);
    process.exitCode = 1;
  } else throw error;
} finally {
  await database.close();
}
