import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { studies } from '../../db/schema/index';

export type StudyRow = typeof studies.$inferSelect;

export async function listStudies(db: Db, options: { activeOnly: boolean }): Promise<StudyRow[]> {
  const query = db.select().from(studies);
  return (options.activeOnly ? query.where(eq(studies.status, 'active')) : query).orderBy(
    desc(studies.createdAt),
    desc(studies.id),
  );
}
