import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { admins } from '../../db/schema/index';
import type { AdminRow } from '../accounts/users.repo';

export async function insertAdmin(
  db: DbOrTx,
  values: typeof admins.$inferInsert,
): Promise<AdminRow> {
  const [row] = await db.insert(admins).values(values).returning();
  if (!row) throw new Error('INSERT … RETURNING answered no row');
  return row;
}

export async function allAdmins(db: DbOrTx): Promise<AdminRow[]> {
  return db.select().from(admins).orderBy(desc(admins.createdAt));
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
  return row?.n ?? 0;
}

export async function findAdmin(db: DbOrTx, id: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
  return row;
}

/** The admin, locked until the transaction ends. */
export async function lockAdmin(db: DbOrTx, id: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).for('update');
  return row;
}

/** The enabled super admins, locked in one order (id), so that two lockers cannot deadlock. */
export async function lockEnabledSuperAdmins(db: DbOrTx): Promise<{ id: string }[]> {
  return db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.role, 'super_admin'), eq(admins.isActive, true)))
    .orderBy(asc(admins.id))
    .for('update');
}

export async function updateAdmin(
  db: DbOrTx,
  id: string,
  values: Partial<typeof admins.$inferInsert>,
): Promise<AdminRow | undefined> {
  const [row] = await db.update(admins).set(values).where(eq(admins.id, id)).returning();
  return row;
}
