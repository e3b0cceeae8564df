import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { clientRequests, researchRequests } from '../../db/schema/index';
import {
  afterMicroCursor,
  microText,
  newestFirst,
  type MicroCursor,
} from '../../lib/keyset-cursor';
import { likePattern } from '../../lib/pagination';
import type { RequestStatus } from '../../../shared/schemas/options';

export type ClientRequestRow = typeof clientRequests.$inferSelect;
export type ResearchRequestRow = typeof researchRequests.$inferSelect;

export type LeadListQuery = {
  status?: RequestStatus | undefined;
  search?: string | undefined;
  cursor?: MicroCursor | undefined;
  limit: number;
};

/** Both kinds of lead are listed alike: by status, by company or e-mail, newest first. */
type LeadColumns = { status: PgColumn; company: PgColumn; email: PgColumn };

function leadFilter(columns: LeadColumns, q: LeadListQuery): SQL | undefined {
  return and(
    q.status ? eq(columns.status, q.status) : undefined,
    q.search
      ? sql`lower(${columns.company} || ' ' || ${columns.email}) LIKE ${likePattern(q.search)}`
      : undefined,
  );
}

const clientColumns = {
  status: clientRequests.status,
  company: clientRequests.companyName,
  email: clientRequests.email,
};
const researchColumns = {
  status: researchRequests.status,
  company: researchRequests.company,
  email: researchRequests.email,
};

/**
 * A page of inquiries after the cursor, newest first as client_requests_created_idx is
 * built (NULLS LAST), so the index serves the order and the cursor's range. Not awaited
 * here: the plan test explains this very query.
 */
export function clientRequestsAfter(db: DbOrTx, q: LeadListQuery) {
  return db
    .select({ row: clientRequests, cursorAt: microText(clientRequests.createdAt) })
    .from(clientRequests)
    .where(
      and(
        leadFilter(clientColumns, q),
        afterMicroCursor(clientRequests.createdAt, clientRequests.id, q.cursor),
      ),
    )
    .orderBy(...newestFirst(clientRequests.createdAt, clientRequests.id))
    .limit(q.limit);
}

export async function countClientRequests(db: DbOrTx, q: LeadListQuery): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(clientRequests)
    .where(leadFilter(clientColumns, q));
  return row?.total ?? 0;
}

/** Like clientRequestsAfter, on research_requests_created_idx. */
export function researchRequestsAfter(db: DbOrTx, q: LeadListQuery) {
  return db
    .select({ row: researchRequests, cursorAt: microText(researchRequests.createdAt) })
    .from(researchRequests)
    .where(
      and(
        leadFilter(researchColumns, q),
        afterMicroCursor(researchRequests.createdAt, researchRequests.id, q.cursor),
      ),
    )
    .orderBy(...newestFirst(researchRequests.createdAt, researchRequests.id))
    .limit(q.limit);
}

export async function countResearchRequests(db: DbOrTx, q: LeadListQuery): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(researchRequests)
    .where(leadFilter(researchColumns, q));
  return row?.total ?? 0;
}

export async function insertClientRequest(
  db: DbOrTx,
  values: typeof clientRequests.$inferInsert,
): Promise<ClientRequestRow> {
  const [row] = await db.insert(clientRequests).values(values).returning();
  if (!row) throw new Error('INSERT … RETURNING answered no row');
  return row;
}

export async function insertResearchRequest(
  db: DbOrTx,
  values: typeof researchRequests.$inferInsert,
): Promise<ResearchRequestRow> {
  const [row] = await db.insert(researchRequests).values(values).returning();
  if (!row) throw new Error('INSERT … RETURNING answered no row');
  return row;
}

/** The inquiry, locked until the transaction ends (two moves of one lead queue up). */
export async function lockClientRequest(
  db: DbOrTx,
  id: string,
): Promise<ClientRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(clientRequests)
    .where(eq(clientRequests.id, id))
    .for('update');
  return row;
}

export async function setClientRequestStatus(
  db: DbOrTx,
  id: string,
  status: RequestStatus,
): Promise<ClientRequestRow | undefined> {
  const [row] = await db
    .update(clientRequests)
    .set({ status })
    .where(eq(clientRequests.id, id))
    .returning();
  return row;
}

export async function lockResearchRequest(
  db: DbOrTx,
  id: string,
): Promise<ResearchRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(researchRequests)
    .where(eq(researchRequests.id, id))
    .for('update');
  return row;
}

export async function setResearchRequestStatus(
  db: DbOrTx,
  id: string,
  status: RequestStatus,
): Promise<ResearchRequestRow | undefined> {
  const [row] = await db
    .update(researchRequests)
    .set({ status })
    .where(eq(researchRequests.id, id))
    .returning();
  return row;
}
