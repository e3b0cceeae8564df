import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { admins, auditLogs, participants } from '../../db/schema/index';
import {
  afterMicroCursor,
  decodeMicroCursor,
  encodeMicroCursor,
  microText,
} from '../../lib/keyset-cursor';
import { likePattern } from '../../lib/pagination';
import {
  auditRangeOf,
  type AuditEntry,
  type AuditFilters,
} from '../../../shared/schemas/admin-views';

type AuditQuery = AuditFilters & { limit: number; cursor?: string | undefined };

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

/** One page of the audit trail, newest first, with the acting account's name and e-mail. */
export async function listAuditEntries(
  db: Db,
  q: AuditQuery,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null; total: number }> {
  const filter = filterOf(q);
  const after = afterMicroCursor(auditLogs.timestamp, auditLogs.id, decodeMicroCursor(q.cursor));
  const rows = await db
    .select({ entry: auditLogs, actorEmail, actorName, cursorAt: microText(auditLogs.timestamp) })
    .from(auditLogs)
    .leftJoin(admins, actorAdmin)
    .leftJoin(participants, actorParticipant)
    .where(and(filter, after))
    .orderBy(desc(auditLogs.timestamp), desc(auditLogs.id))
    .limit(q.limit + 1);
  // The joins only matter to the count when the search reads the actor's name or e-mail.
  const counted = db.select({ total: sql<number>`count(*)::int` }).from(auditLogs);
  const [{ total } = { total: 0 }] = await (
    q.search
      ? counted.leftJoin(admins, actorAdmin).leftJoin(participants, actorParticipant)
      : counted
  ).where(filter);
  const shown = rows.slice(0, q.limit);
  const last = shown[shown.length - 1];
  return {
    entries: shown.map(({ entry, actorEmail, actorName }) => ({
      ...entry,
      timestamp: entry.timestamp.toISOString(),
      actorEmail,
      actorName,
    })),
    nextCursor:
      rows.length > q.limit && last ? encodeMicroCursor(last.cursorAt, last.entry.id) : null,
    total,
  };
}
