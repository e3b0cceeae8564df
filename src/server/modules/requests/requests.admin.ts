import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientRequests, researchRequests } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/app-error';
import {
  afterMicroCursor,
  decodeMicroCursor,
  encodeMicroCursor,
  microText,
} from '../../lib/keyset-cursor';
import { likePattern } from '../../lib/pagination';
import { canMove, requestTransitions } from '../../../shared/rules/transitions';
import type { RequestStatus } from '../../../shared/schemas/options';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { toClientRequest, toResearchRequest } from './requests.service';

type ListQuery = {
  status?: RequestStatus | undefined;
  search?: string | undefined;
  limit: number;
  cursor?: string | undefined;
};

// Both tables have id, email, status and created_at of the same types; the shared code is typed on one.
type LeadTable = typeof clientRequests;
const asLeadTable = (t: typeof clientRequests | typeof researchRequests) => t as LeadTable;

/** Listing and moving the leads; both kinds follow the same states (decisions.md section 5). */
export function createRequestsAdmin({ db }: { db: Db }) {
  function page(table: LeadTable, companyColumn: SQL | LeadTable['companyName'], query: ListQuery) {
    const filter: SQL | undefined = and(
      query.status ? eq(table.status, query.status) : undefined,
      query.search
        ? sql`lower(${companyColumn} || ' ' || ${table.email}) LIKE ${likePattern(query.search)}`
        : undefined,
    );
    const after = afterMicroCursor(table.createdAt, table.id, decodeMicroCursor(query.cursor));
    return { filter, after };
  }

  async function move(
    table: LeadTable,
    resource: string,
    id: string,
    to: RequestStatus,
    ctx: RequestContext,
  ) {
    return db.transaction(async (tx) => {
      const [current] = await tx.select().from(table).where(eq(table.id, id)).for('update');
      if (!current) throw notFound('Request not found');
      const from = current.status as RequestStatus;
      if (!canMove(requestTransitions, from, to))
        throw conflict(`A request cannot move from ${from} to ${to}`);
      const [row] = await tx.update(table).set({ status: to }).where(eq(table.id, id)).returning();
      await recordAudit(tx, ctx, {
        action: `${resource}.status`,
        resource,
        resourceId: id,
        details: { from, to },
      });
      return row!;
    });
  }

  return {
    async listClient(query: ListQuery) {
      const { filter, after } = page(clientRequests, clientRequests.companyName, query);
      const rows = await db
        .select({ row: clientRequests, cursorAt: microText(clientRequests.createdAt) })
        .from(clientRequests)
        .where(and(filter, after))
        .orderBy(desc(clientRequests.createdAt), desc(clientRequests.id))
        .limit(query.limit + 1);
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(clientRequests)
        .where(filter);
      const shown = rows.slice(0, query.limit);
      const last = shown[shown.length - 1];
      return {
        clientRequests: shown.map((r) => toClientRequest(r.row)),
        nextCursor:
          rows.length > query.limit && last ? encodeMicroCursor(last.cursorAt, last.row.id) : null,
        total,
      };
    },
    async listResearch(query: ListQuery) {
      const { filter, after } = page(
        asLeadTable(researchRequests),
        sql`${researchRequests.company}`,
        query,
      );
      const rows = await db
        .select({ row: researchRequests, cursorAt: microText(researchRequests.createdAt) })
        .from(researchRequests)
        .where(and(filter, after))
        .orderBy(desc(researchRequests.createdAt), desc(researchRequests.id))
        .limit(query.limit + 1);
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(researchRequests)
        .where(filter);
      const shown = rows.slice(0, query.limit);
      const last = shown[shown.length - 1];
      return {
        researchRequests: shown.map((r) => toResearchRequest(r.row)),
        nextCursor:
          rows.length > query.limit && last ? encodeMicroCursor(last.cursorAt, last.row.id) : null,
        total,
      };
    },
    moveClient: async (id: string, to: RequestStatus, ctx: RequestContext) =>
      toClientRequest(await move(clientRequests, 'client_request', id, to, ctx)),
    moveResearch: async (id: string, to: RequestStatus, ctx: RequestContext) =>
      toResearchRequest(
        (await move(
          asLeadTable(researchRequests),
          'research_request',
          id,
          to,
          ctx,
        )) as unknown as typeof researchRequests.$inferSelect,
      ),
  };
}
export type RequestsAdmin = ReturnType<typeof createRequestsAdmin>;
