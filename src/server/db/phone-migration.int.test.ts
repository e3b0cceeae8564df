import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { migrationsFolder, openPglite, openPostgres, type Database } from './client';
import { adminUrl, runPrefix, withDatabase } from '../../../test/pg-urls';

/**
 * The E.164 migration (drizzle/*_phones_e164.sql) run on rows written before it: on PGlite,
 * and with TEST_DATABASE_URL on a fresh PostgreSQL database too.
 */
const MIGRATION_TAG = /_phones_e164$/;

type Journal = { entries: { tag: string }[] };

/** A copy of the migrations folder that stops just before the E.164 migration. */
function foldersBeforeE164(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phones-e164-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as Journal;
  const at = journal.entries.findIndex((e) => MIGRATION_TAG.test(e.tag));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function migrate(database: Database, folder: string) {
  if (database.kind === 'pglite')
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  else await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
}

async function emptyDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') return openPglite();
  const url = process.env.TEST_DATABASE_URL!;
  const name = `${runPrefix(inject('pgRunId'))}phones_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const database = await openPostgres(withDatabase(url, name), 2);
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl(url) });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

const kinds = process.env.TEST_DATABASE_URL
  ? (['pglite', 'postgres'] as const)
  : (['pglite'] as const);

describe.each(kinds)('the E.164 phone migration on %s', (kind) => {
  it('normalises every stored form, reports collisions and unreadable numbers instead of failing, and keeps the unique index', async () => {
    const before = foldersBeforeE164();
    folders.push(before);
    const database = await emptyDatabase(kind);
    try {
      await migrate(database, before);
      const participant = (email: string, phone: string, daysAgo: number) =>
        database.db.execute(sql`
          INSERT INTO participants (first_name, last_name, email, phone, password_hash, created_at)
          VALUES ('P', 'Q', ${email}, ${phone}, 'x', now() - make_interval(days => ${daysAgo}))`);
      // One number in four forms: the oldest row keeps it.
      await participant('oldest@example.com', '0711464914', 9);
      await participant('second@example.com', '254711464914', 8);
      await participant('third@example.com', '+254 711 464914', 7);
      await participant('fourth@example.com', '0711-464-914', 6);
      // A newer row already in E.164 keeps its number; the older spelling is the duplicate.
      await participant('old-spelling@example.com', '(0722) 000 111', 5);
      await participant('already-e164@example.com', '+254722000111', 4);
      await participant('landline@example.com', '0112 345 678', 3);
      await participant('abroad@example.com', '+44 7911 123456', 2);
      await participant('unreadable@example.com', '12345', 1);
      await database.db.execute(sql`
        INSERT INTO admins (email, username, password_hash, phone) VALUES
          ('a1@example.com', 'a1@example.com', 'x', '0711 464 914'),
          ('a2@example.com', 'a2@example.com', 'x', '254711464914'),
          ('a3@example.com', 'a3@example.com', 'x', NULL)`);
      await database.db.execute(sql`
        INSERT INTO research_requests (company, contact_name, email, phone, description)
        VALUES ('Acme', 'W', 'lead@example.com', '0733-000-222', 'd')`);

      await migrate(database, migrationsFolder);

      const phones = Object.fromEntries(
        (
          await rows<{ email: string; phone: string }>(
            database,
            sql`SELECT email, phone FROM participants`,
          )
        ).map((r) => [r.email.split('@')[0], r.phone]),
      );
      expect(phones).toEqual({
        oldest: '+254711464914',
        second: '254711464914',
        third: '+254 711 464914',
        fourth: '0711-464-914',
        'old-spelling': '(0722) 000 111',
        'already-e164': '+254722000111',
        landline: '+254112345678',
        abroad: '+447911123456',
        unreadable: '12345',
      });

      const admins = await rows<{ email: string; phone: string | null }>(
        database,
        sql`SELECT email, phone FROM admins ORDER BY email`,
      );
      expect(admins.map((a) => a.phone)).toEqual(['+254711464914', '+254711464914', null]);
      const [lead] = await rows<{ phone: string }>(
        database,
        sql`SELECT phone FROM research_requests`,
      );
      expect(lead?.phone).toBe('+254733000222');

      const report = await rows<{
        table_name: string;
        phone: string;
        normalised: string | null;
        reason: string;
        kept: string | null;
      }>(
        database,
        sql`SELECT c.table_name, c.phone, c.normalised, c.reason, p.email AS kept
            FROM phone_migration_conflicts c LEFT JOIN participants p ON p.id = c.kept_row_id`,
      );
      type Conflict = [
        phone: string,
        normalised: string | null,
        reason: string,
        kept: string | null,
      ];
      const expected: Conflict[] = [
        ['(0722) 000 111', '+254722000111', 'duplicate', 'already-e164@example.com'],
        ['+254 711 464914', '+254711464914', 'duplicate', 'oldest@example.com'],
        ['0711-464-914', '+254711464914', 'duplicate', 'oldest@example.com'],
        ['12345', null, 'unrecognised', null],
        ['254711464914', '+254711464914', 'duplicate', 'oldest@example.com'],
      ];
      expect(report.map((r) => r.table_name)).toEqual(expected.map(() => 'participants'));
      expect(
        report
          .map((r): Conflict => [r.phone, r.normalised, r.reason, r.kept])
          .sort((a, b) => (a[0] < b[0] ? -1 : 1)),
      ).toEqual(expected);

      // The index is in place: the kept number cannot be taken again.
      await expect(participant('again@example.com', '+254711464914', 0)).rejects.toThrow();
      const [index] = await rows<{ indexdef: string }>(
        database,
        sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'participants_phone_unique'`,
      );
      expect(index?.indexdef).toMatch(/UNIQUE INDEX participants_phone_unique .*\(phone\)/);
    } finally {
      await database.close();
    }
  });
});
