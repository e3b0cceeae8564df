import { apiJson, withQuery } from '@/client/lib/api';
import type { AuditEntry } from '@/shared/schemas/admin-views';
import { LIST_PAGE_SIZE, usePagedList } from '../paged-list';
import { type AuditLogFilters, auditKeys } from './keys';

type AuditLogAnswer = { entries: AuditEntry[]; nextCursor?: string | null; total?: number };

/** GET /api/audit-log?action=&userType=&from=&to=&search=&resource=&resourceId=&userId=&limit=&cursor=: newest first. */
export function getAuditLog(
  query: AuditLogFilters & { limit?: number; cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<AuditLogAnswer> {
  return apiJson('GET', withQuery(auditKeys.path, query), undefined, signal);
}

export function useAuditLog(filters: AuditLogFilters) {
  return usePagedList({
    queryKey: auditKeys.list(filters),
    fetchPage: (cursor, signal) =>
      getAuditLog({ ...filters, limit: LIST_PAGE_SIZE, cursor }, signal),
    itemsOf: (answer) => answer.entries,
  });
}
