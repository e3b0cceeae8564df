import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { OutboxMailDetail } from '@/shared/schemas/outbox';
import { outboxPath } from './get-outbox';

/** GET /api/outbox/{id}: the mail and its text body, unless the body is secret or purged. */
export async function getOutboxMail(id: string, signal?: AbortSignal): Promise<OutboxMailDetail> {
  const response = await apiRequest(
    'GET',
    `${outboxPath}/${encodeURIComponent(id)}`,
    undefined,
    signal,
  );
  return ((await response.json()) as { mail: OutboxMailDetail }).mail;
}

/** Under the list's key, so a retry (which invalidates it) refreshes an open mail too. */
export function outboxMailQueryOptions(id: string) {
  return queryOptions({
    queryKey: [outboxPath, 'mail', id],
    queryFn: ({ signal }) => getOutboxMail(id, signal),
  });
}

export function useOutboxMail(id: string) {
  return useQuery(outboxMailQueryOptions(id));
}
