import { auditLogs } from '../../db/schema/index';
import type { DbOrTx } from '../../db/client';
import type { UserType } from '../../../shared/schemas/options';

/** Who is acting and from where; routes build it from the request, services only pass it on. */
export type RequestContext = {
  actor: { id: string; type: UserType } | null;
  ip: string;
  userAgent: string | undefined;
};

export type AuditEntry = {
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
  entry: AuditEntry,
): Promise<void> {
  const actor = entry.actor === undefined ? ctx.actor : entry.actor;
  await db.insert(auditLogs).values({
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
