// The audit log is the largest table: its page is newest first, spelt like
// audit_logs_timestamp_idx (timestamp DESC NULLS LAST, id DESC NULLS LAST) so that the index
// serves the order (no Sort) and the cursor's range, with the actor's name joined per row shown.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/db';
import { queryPlan } from '../../../../test/query-plan';
import type { Database } from '../../db/client';
import { auditEntriesAfter } from './audit.repo';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`ANALYZE audit_logs`);
});
afterAll(async () => {
  await database.close();
});

describe('the audit log page uses audit_logs_timestamp_idx', () => {
  it('reads the first page in index order, without sorting', async () => {
    const plan = await queryPlan(
      database.db,
      auditEntriesAfter(database.db, { cursor: undefined, limit: 51 }),
    );
    expect(plan).toContain('Index Scan using audit_logs_timestamp_idx');
    expect(plan).not.toMatch(/Sort/);
  });

  it('reads a deep page as a range of the index, without sorting', async () => {
    const plan = await queryPlan(
      database.db,
      auditEntriesAfter(database.db, {
        cursor: { at: '2026-01-01T00:00:00.000000Z', id: '00000000-0000-0000-0000-000000000000' },
        limit: 51,
      }),
    );
    expect(plan).toContain('Index Scan using audit_logs_timestamp_idx');
    expect(plan).toMatch(/Index Cond: \(ROW\("timestamp", id\) < ROW/);
    expect(plan).not.toMatch(/Sort/);
  });
});
