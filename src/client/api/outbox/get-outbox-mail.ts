import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { OutboxMailDetail } from '@/shared/schemas/outbox';
import { outboxKeys, outboxMailUrl } from './keys';

/** GET /api/outbox/{id}: the mail and its text body, unless the body is secret or purged. */
export async function getOutboxMail(id: string, signal?: AbortSignal): Promise<OutboxMailDetail> {
  return (await apiJson<{ mail: OutboxMailDetail }>('GET', outboxMailUrl(id), undefined, signal))
    .mail;
}

export function useOutboxMail(id: string) {
  return useQuery(
    queryOptions({
      queryKey: outboxKeys.mail(id),
      queryFn: ({ signal }) => getOutboxMail(id, signal),
    }),
  );
}
