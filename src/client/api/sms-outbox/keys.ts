import type { OutboxStatus } from '@/shared/schemas/outbox';

const smsOutboxPath = '/api/sms-outbox';

export type SmsOutboxFilters = { status?: OutboxStatus | undefined };

/** An open SMS is keyed under the list's path, so a retry (which invalidates it) refreshes it too. */
export const smsOutboxKeys = {
  path: smsOutboxPath,
  all: [smsOutboxPath] as const,
  list: (filters: SmsOutboxFilters) => [smsOutboxPath, 'list', filters] as const,
  sms: (id: string) => [smsOutboxPath, 'sms', id] as const,
};

export const outboxSmsUrl = (id: string) => `${smsOutboxPath}/${encodeURIComponent(id)}`;
