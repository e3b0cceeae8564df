// npx tsx bench/invitations.ts -- [--database-url postgres://…] [--people 10000] [--sms]
// The invitation budget of issue 15 (decisions.md section 10): inviting 10,000 participants
// to a study queues their 10,000 invitations, mails (and with --sms their SMS) in under 10
// seconds, in one request. Seeds the opted-in people with one SQL statement (and as many who
// do not match, so the criteria have something to leave out), then times
// POST /api/tests/{id}/invitations through the real app. Prints each figure beside its
// budget and exits non-zero when one is missed. PGlite by default; PostgreSQL in a database
// of its own.
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { studies } from '../src/server/db/schema/index';
import { createAdmin } from '../src/server/modules/admins/admins.service';
import { saveSiteSettings } from '../src/server/modules/settings/settings.repo';
import { normaliseCriteria } from '../src/shared/schemas/recruiting';
import { openBenchDatabase } from './bench-database';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    people: { type: 'string', default: '10000' },
    sms: { type: 'boolean', default: false },
  },
});
const COUNT = Number(values.people);
const BUDGET_SECONDS = 10;
const PASSWORD = 'Bench-Invitations-42!';

/**
 * COUNT opted-in adults in Nairobi (a third of them reading Kiswahili), and as many others:
 * in Mombasa, or in Nairobi but opted out or under age. One statement each.
 */
async function seed(database: Database) {
  await database.db.execute(sql`
    INSERT INTO participants (first_name, last_name, email, phone, password_hash, date_of_birth,
      county, gender, languages, devices, invite_opt_in, language)
    SELECT 'Amina', 'Otieno ' || g, 'amina.' || g || '@bench.example', '+2547' || (10000000 + g),
      'not-a-hash', '1990-05-05', 'Nairobi', 'woman', '{english,kiswahili}', '{android_phone}',
      true, CASE WHEN g % 3 = 0 THEN 'sw' ELSE 'en' END
    FROM generate_series(1, ${COUNT}) AS g`);
  await database.db.execute(sql`
    INSERT INTO participants (first_name, last_name, email, phone, password_hash, date_of_birth,
      county, invite_opt_in)
    SELECT 'Baraka', 'Mwangi ' || g, 'baraka.' || g || '@bench.example', '+2541' || (10000000 + g),
      'not-a-hash', CASE WHEN g % 3 = 0 THEN '2012-01-01' ELSE '1985-02-02' END,
      CASE WHEN g % 3 = 1 THEN 'Mombasa' ELSE 'Nairobi' END, g % 3 <> 2
    FROM generate_series(1, ${COUNT}) AS g`);
  const [study] = await database.db
    .insert(studies)
    .values({
      title: 'Mobile money onboarding in Nairobi',
      description: 'Invitation benchmark',
      payRate: '1500.00',
      duration: 2,
      maxParticipants: 100,
      status: 'active',
      criteria: normaliseCriteria({
        ageMin: 18,
        counties: ['Nairobi'],
        devices: ['android_phone'],
      }),
    })
    .returning();
  return study!;
}

const { database, drop } = await openBenchDatabase(values['database-url'], 'invitations');
try {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: 'https://insightlab.example',
    ...(values.sms ? { SMS_URL: 'africastalking://bench:key@' } : {}),
  });
  const seedStarted = performance.now();
  const study = await seed(database);
  await saveSiteSettings(database.db, { studiesOpen: true }, null);
  const email = `bench.${crypto.randomBytes(4).toString('hex')}@example.com`;
  await createAdmin(
    database.db,
    { email, password: PASSWORD, role: 'admin' },
    { actor: null, ip: 'bench', userAgent: 'bench' },
  );
  console.log(
    `${database.kind}: ${COUNT} opted-in participants who match and ${COUNT} who do not, seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const app = await buildApp({ config, database, logger: false, clientDir: '/nonexistent' });
  await app.ready();
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password: PASSWORD },
  });
  const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  const matches = await app.inject({ url: `/api/tests/${study.id}/matches`, headers: { cookie } });
  console.log(`matches: ${matches.body}`);

  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/api/tests/${study.id}/invitations`,
    headers: { cookie },
    payload: { limit: Math.min(COUNT, 10_000) },
  });
  const seconds = (performance.now() - started) / 1000;
  // A second click: everyone is invited already; it must not cost more than the first.
  const againStarted = performance.now();
  const again = await app.inject({
    method: 'POST',
    url: `/api/tests/${study.id}/invitations`,
    headers: { cookie },
    payload: { limit: Math.min(COUNT, 10_000) },
  });
  const againSeconds = (performance.now() - againStarted) / 1000;
  await app.close();

  const count = async (table: 'invitations' | 'mail_outbox' | 'sms_outbox') =>
    Number(
      (
        (await database.db.execute(
          sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );
  const invited = await count('invitations');
  const mails = await count('mail_outbox');
  const texts = await count('sms_outbox');
  console.log(`answer ${res.statusCode}: ${res.body}`);
  console.log(
    `${invited} invitations, ${mails} mails, ${texts} SMS queued in ${seconds.toFixed(2)} s (budget ${BUDGET_SECONDS} s, ${(seconds / BUDGET_SECONDS).toFixed(2)} of it); ${(invited / seconds).toFixed(0)} invitations/s`,
  );
  console.log(
    `second click, answer ${again.statusCode} in ${againSeconds.toFixed(2)} s: ${again.body}`,
  );
  const expected = Math.min(COUNT, 10_000);
  const ok =
    res.statusCode === 200 &&
    seconds <= BUDGET_SECONDS &&
    againSeconds <= BUDGET_SECONDS &&
    again.json().invited === 0 &&
    invited === expected &&
    mails === expected &&
    texts === (values.sms ? expected : 0);
  console.log(ok ? 'PASS' : 'FAIL: over budget or rows missing');
  process.exitCode = ok ? 0 : 1;
} finally {
  await database.close();
  await drop();
}
