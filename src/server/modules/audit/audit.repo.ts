import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { admins, auditLogs, participants } from '../../db/schema/index';
import {
  afterMicroCursor,
  microText,
  newestFirst,
  type MicroCursor,
} from '../../lib/keyset-cursor';
import { likePattern } from '../../lib/pagination';
import { auditRangeOf, type AuditFilters } from '../../../shared/schemas/admin-views';

export type AuditLogRow = typeof auditLogs.$inferSelect;

export async function insertAuditLog(db: DbOrTx, values: typeof auditLogs.$inferInsert) {
  await db.insert(auditLogs).values(values);
}

// The actor is joined by id and type; an account deleted since leaves the row with nulls.
const actorAdmin = and(eq(auditLogs.userType, 'admin'), eq(admins.id, auditLogs.userId));
const actorParticipant = and(
  eq(auditLogs.userType, 'participant'),
  eq(participants.id, auditLogs.userId),
);
const actorEmail = sql<string | null>`coalesce(${admins.email}, ${participants.email})`;
const actorName = sql<string | null>`nullif(trim(coalesce(
  ${admins.firstName} || ' ' || ${admins.lastName},
  ${participants.firstName} || ' ' || ${participants.lastName}
)), '')`;

function filterOf(q: AuditFilters): SQL | undefined {
  const { from, to } = auditRangeOf(q);
  return and(
    q.action
      ? sql`${auditLogs.action} LIKE ${`${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : undefined,
    q.resource ? eq(auditLogs.resource, q.resource) : undefined,
    q.resourceId ? eq(auditLogs.resourceId, q.resourceId) : undefined,
    q.userId ? eq(auditLogs.userId, q.userId) : undefined,
    q.userType ? eq(auditLogs.userType, q.userType) : undefined,
    from ? gte(auditLogs.timestamp, from) : undefined,
    to ? lte(auditLogs.timestamp, to) : undefined,
    q.search
      ? sql`lower(concat_ws(' ', ${auditLogs.action}, ${auditLogs.resource}, ${auditLogs.resourceId},
          ${auditLogs.ipAddress}, ${actorEmail}, ${actorName})) LIKE ${likePattern(q.search)}`
      : undefined,
  );
}

/**
 * Audit rows after the cursor with the acting account's name and e-mail, newest first as
 * audit_logs_timestamp_idx is built (NULLS LAST), so the index serves the order and the
 * cursor's range. Not awaited here: the plan test explains this very query.
 */
export function auditEntriesAfter(
  db: DbOrTx,
  q: AuditFilters & { cursor: MicroCursor | undefined; limit: number },
) {
  return db
    .select({ entry: auditLogs, actorEmail, actorName, cursorAt: microText(auditLogs.timestamp) })
    .from(auditLogs)
    .leftJoin(admins, actorAdmin)
    .leftJoin(participants, actorParticipant)
    .where(and(filterOf(q), afterMicroCursor(auditLogs.timestamp, auditLogs.id, q.cursor)))
    .orderBy(...newestFirst(auditLogs.timestamp, auditLogs.id))
    .limit(q.limit);
}

export async function countAuditEntries(db: DbOrTx, q: AuditFilters): Promise<number> {
  // The joins only matter to the count when the search reads the actor's name or e-mail.
  const counted = db.select({ total: sql<number>`count(*)::int` }).from(auditLogs);
  const [row] = await (
    q.search
      ? counted.leftJoin(admins, actorAdmin).leftJoin(participants, actorParticipant)
      : counted
  ).where(filterOf(q));
  return row?.total ?? 0;
}
