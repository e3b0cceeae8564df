import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { OutboxSmsDetail } from '@/shared/schemas/sms-outbox';
import { outboxSmsUrl, smsOutboxKeys } from './keys';

/** GET /api/sms-outbox/{id}: the SMS with its text. */
export async function getOutboxSms(id: string, signal?: AbortSignal): Promise<OutboxSmsDetail> {
  return (await apiJson<{ sms: OutboxSmsDetail }>('GET', outboxSmsUrl(id), undefined, signal)).sms;
}

export function useOutboxSms(id: string) {
  return useQuery(
    queryOptions({
      queryKey: smsOutboxKeys.sms(id),
      queryFn: ({ signal }) => getOutboxSms(id, signal),
    }),
  );
}
