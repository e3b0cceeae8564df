const auditLogPath = '/api/audit-log';

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

export const auditKeys = {
  path: auditLogPath,
  all: [auditLogPath] as const,
  list: (filters: AuditLogFilters) => [auditLogPath, 'list', filters] as const,
};
