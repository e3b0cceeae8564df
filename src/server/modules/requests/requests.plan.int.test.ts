// The admins' lead lists are keyset pages: newest first, spelt like their
// (created_at DESC NULLS LAST, id DESC NULLS LAST) indexes so that the index serves the order
// (no Sort) and the cursor's range, and a deep page costs what the first one does.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/db';
import { queryPlan } from '../../../../test/query-plan';
import type { Database } from '../../db/client';
import { clientRequestsAfter, researchRequestsAfter } from './requests.repo';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`ANALYZE client_requests`);
  await database.db.execute(sql`ANALYZE research_requests`);
});
afterAll(async () => {
  await database.close();
});

const deepPage = {
  cursor: { at: '2026-01-01T00:00:00.000000Z', id: '00000000-0000-0000-0000-000000000000' },
  limit: 51,
};

describe('request lists use their created_at indexes', () => {
  for (const [name, list, index] of [
    ['inquiries', clientRequestsAfter, 'client_requests_created_idx'],
    ['research requests', researchRequestsAfter, 'research_requests_created_idx'],
  ] as const) {
    it(`reads the first page of ${name} in index order, without sorting`, async () => {
      const plan = await queryPlan(database.db, list(database.db, { limit: 51 }));
      expect(plan).toContain(`Index Scan using ${index}`);
      expect(plan).not.toMatch(/Sort/);
    });

    it(`reads a deep page of ${name} as a range of the index, without sorting`, async () => {
      const plan = await queryPlan(database.db, list(database.db, deepPage));
      expect(plan).toContain(`Index Scan using ${index}`);
      expect(plan).toMatch(/Index Cond: \(ROW\(created_at, id\) < ROW/);
      expect(plan).not.toMatch(/Sort/);
    });
  }
});
