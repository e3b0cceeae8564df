// The admin application list at 5,000,000 applications (docs/decisions/038-a-million-participants.md):
// newest first, whole or within a status or a study, read in the order of an index that ends
// with the id (no Sort, a deep page a range of it), and the answer filter on the jsonb_path_ops
// GIN index.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/db';
import { queryPlan } from '../../../../test/query-plan';
import type { Database } from '../../db/client';
import { applications } from '../../db/schema/index';
import {
  choseOption,
  listAdminApplications,
  type AdminApplicationFilter,
} from './applications.repo';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`ANALYZE applications`);
});
afterAll(async () => {
  await database.close();
});

const STUDY = '00000000-0000-0000-0000-0000000000aa';
const deep = {
  limit: 51,
  cursor: { at: '2026-01-01T00:00:00.000000Z', id: '00000000-0000-0000-0000-000000000000' },
};
const page = (filter: AdminApplicationFilter, cursor = false) =>
  queryPlan(
    database.db,
    listAdminApplications(
      database.db,
      filter,
      new Date(),
      cursor ? deep : { limit: 51, cursor: undefined },
    ),
  );

describe('the admin application list reads its order from an index', () => {
  for (const [name, filter, index, columns] of [
    ['every application', {}, 'applications_applied_at_idx', 'applied_at, id'],
    ['one status', { status: 'scheduled' }, 'applications_status_applied_idx', 'applied_at, id'],
    ['one study', { testId: STUDY }, 'applications_test_applied_idx', 'applied_at, id'],
  ] as const) {
    it(`reads the first page of ${name} in index order, without sorting`, async () => {
      const plan = await page(filter);
      expect(plan).toContain(`Index Scan using ${index}`);
      expect(plan).not.toMatch(/Sort/);
    });

    it(`reads a deep page of ${name} as a range of the index, without sorting`, async () => {
      const plan = await page(filter, true);
      expect(plan).toContain(`Index Scan using ${index}`);
      expect(plan).toContain(`ROW(${columns}) < ROW`);
      expect(plan).not.toMatch(/Sort/);
    });
  }

  it('filters by answer on the jsonb_path_ops GIN index', async () => {
    const answer = { questionId: 'phone', optionId: 'feature' };
    const plan = await queryPlan(
      database.db,
      sql`SELECT count(*) FROM ${applications} WHERE ${choseOption(answer)}`,
    );
    expect(plan).toContain('applications_answers_idx');
    const result = await database.db.execute(
      sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'applications_answers_idx'`,
    );
    const rows = (result as unknown as { rows: { indexdef: string }[] }).rows;
    expect(rows[0]?.indexdef).toContain('gin (answers jsonb_path_ops)');
  });

  it('filters one study by answer with the expression of the index of answers nested under the study', async () => {
    const answer = { questionId: 'phone', optionId: 'feature' };
    const plan = await queryPlan(
      database.db,
      sql`SELECT count(*) FROM ${applications} WHERE ${choseOption(answer, STUDY)}`,
    );
    // The condition is the index's own expression (else the index is never used).
    expect(plan).toContain('Bitmap Index Scan on applications_study_answers_idx');
    expect(plan).not.toContain('applications_answers_idx');
  });
});
