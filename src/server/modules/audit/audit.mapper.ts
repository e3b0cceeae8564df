import type { AuditEntry } from '../../../shared/schemas/admin-views';
import type { AuditLogRow } from './audit.repo';

export function toAuditEntry(row: {
  entry: AuditLogRow;
  actorEmail: string | null;
  actorName: string | null;
}): AuditEntry {
  return {
    ...row.entry,
    timestamp: row.entry.timestamp.toISOString(),
    actorEmail: row.actorEmail,
    actorName: row.actorName,
  };
}
