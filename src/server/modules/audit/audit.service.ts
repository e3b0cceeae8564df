import type { Db, DbOrTx } from '../../db/client';
import { decodeMicroCursor, keysetPage } from '../../lib/keyset-cursor';
import type { AuditEntry, AuditListQuery } from '../../../shared/schemas/admin-views';
import type { UserType } from '../../../shared/schemas/options';
import { toAuditEntry } from './audit.mapper';
import { auditEntriesAfter, countAuditEntries, insertAuditLog } from './audit.repo';

/** Who is acting and from where; routes build it from the request, services only pass it on. */
export type RequestContext = {
  actor: { id: string; type: UserType } | null;
  ip: string;
  userAgent: string | undefined;
};

export type AuditRecord = {
  action: string;
  resource: string;
  resourceId?: string | null;
  details?: Record<string, unknown>;
  /** Overrides the context's actor, e.g. the account a sign-in concerns. */
  actor?: { id: string; type: UserType } | null;
};

/** Writes one audit record; pass the transaction so the trail commits with the change. */
export async function recordAudit(
  db: DbOrTx,
  ctx: RequestContext,
  entry: AuditRecord,
): Promise<void> {
  const actor = entry.actor === undefined ? ctx.actor : entry.actor;
  await insertAuditLog(db, {
    userId: actor?.id ?? null,
    userType: actor?.type ?? null,
    action: entry.action,
    resource: entry.resource,
    resourceId: entry.resourceId ?? null,
    ipAddress: ctx.ip.slice(0, 64),
    userAgent: ctx.userAgent?.slice(0, 512) ?? null,
    details: entry.details ?? null,
  });
}

/** Reading the trail: who did what to which record, when and from where. */
export function createAuditService({ db }: { db: Db }) {
  return {
    /** One page of the audit trail, newest first, with the acting account's name and e-mail. */
    async list(
      q: AuditListQuery,
    ): Promise<{ entries: AuditEntry[]; nextCursor: string | null; total: number }> {
      const rows = await auditEntriesAfter(db, {
        ...q,
        cursor: decodeMicroCursor(q.cursor),
        limit: q.limit + 1,
      });
      const { shown, nextCursor } = keysetPage(rows, q.limit, (r) => ({
        at: r.cursorAt,
        id: r.entry.id,
      }));
      return {
        entries: shown.map(toAuditEntry),
        nextCursor,
        total: await countAuditEntries(db, q),
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
