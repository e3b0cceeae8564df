import { apiJson, withQuery } from '@/client/lib/api';
import type { OutboxSms, SmsProvider } from '@/shared/schemas/sms-outbox';
import { LIST_PAGE_SIZE, usePagedList } from '../paged-list';
import { type SmsOutboxFilters, smsOutboxKeys } from './keys';

type SmsOutboxAnswer = {
  sms: OutboxSms[];
  provider?: SmsProvider;
  nextCursor?: string | null;
  total?: number;
};

/** GET /api/sms-outbox?status=&limit=&cursor=: SMS newest first, without their text. */
export function getSmsOutbox(
  query: SmsOutboxFilters & { limit?: number; cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<SmsOutboxAnswer> {
  return apiJson('GET', withQuery(smsOutboxKeys.path, query), undefined, signal);
}

export function useSmsOutbox(filters: SmsOutboxFilters) {
  const list = usePagedList({
    queryKey: smsOutboxKeys.list(filters),
    fetchPage: (cursor, signal) =>
      getSmsOutbox({ ...filters, limit: LIST_PAGE_SIZE, cursor }, signal),
    itemsOf: (answer) => answer.sms,
  });
  return { ...list, provider: list.firstPage?.provider };
}
