// The bell lists the latest events of three tables; each branch is ordered and limited
// like its (at DESC NULLS LAST, id DESC NULLS LAST) index, so it reads the newest few index
// entries (no Sort) whatever the size of the table.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/db';
import { queryPlan } from '../../../../test/query-plan';
import type { Database } from '../../db/client';
import { latestEventsOf } from './notifications.repo';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`ANALYZE applications`);
  await database.db.execute(sql`ANALYZE client_requests`);
  await database.db.execute(sql`ANALYZE research_requests`);
});
afterAll(async () => {
  await database.close();
});

describe('each kind of event is read from its index', () => {
  for (const [kind, index] of [
    ['application', 'applications_applied_at_idx'],
    ['client-request', 'client_requests_created_idx'],
    ['research-request', 'research_requests_created_idx'],
  ] as const) {
    it(`reads the latest ${kind} events in index order, without sorting`, async () => {
      const plan = await queryPlan(database.db, latestEventsOf[kind]);
      expect(plan).toContain(`Index Scan using ${index}`);
      expect(plan).not.toMatch(/Sort/);
    });
  }
});
