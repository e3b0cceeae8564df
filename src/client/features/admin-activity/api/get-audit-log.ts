import { usePagedList } from '@/client/lib/use-paged-list';
import type { AuditEntry } from '@/shared/schemas/admin-views';

export const auditLogPath = '/api/audit-log';

/** The server's filters (auditFiltersSchema); `from` and `to` are instants, both inclusive. */
export type AuditLogFilters = {
  action?: string | undefined;
  userType?: 'admin' | 'participant' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  resource?: string | undefined;
  resourceId?: string | undefined;
  userId?: string | undefined;
};

/** GET /api/audit-log?action=&userType=&from=&to=&search=&resource=&resourceId=&userId=&limit=&cursor=: newest first. */
export function useAuditLog(filters: AuditLogFilters) {
  return usePagedList<AuditEntry>(auditLogPath, 'entries', filters);
}
