import type { OutboxStatus } from '@/shared/schemas/outbox';

const outboxPath = '/api/outbox';

export type OutboxFilters = { status?: OutboxStatus | undefined };

/** An open mail is keyed under the list's path, so a retry (which invalidates it) refreshes it too. */
export const outboxKeys = {
  path: outboxPath,
  all: [outboxPath] as const,
  list: (filters: OutboxFilters) => [outboxPath, 'list', filters] as const,
  mail: (id: string) => [outboxPath, 'mail', id] as const,
};

export const outboxMailUrl = (id: string) => `${outboxPath}/${encodeURIComponent(id)}`;
