import { apiJson, withQuery } from '@/client/lib/api';
import type { OutboxMail } from '@/shared/schemas/outbox';
import { LIST_PAGE_SIZE, usePagedList } from '../paged-list';
import { type OutboxFilters, outboxKeys } from './keys';

type OutboxAnswer = {
  mail: OutboxMail[];
  smtpConfigured?: boolean;
  nextCursor?: string | null;
  total?: number;
};

/** GET /api/outbox?status=&limit=&cursor=: mail newest first, without bodies. */
export function getOutbox(
  query: OutboxFilters & { limit?: number; cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<OutboxAnswer> {
  return apiJson('GET', withQuery(outboxKeys.path, query), undefined, signal);
}

export function useOutbox(filters: OutboxFilters) {
  const list = usePagedList({
    queryKey: outboxKeys.list(filters),
    fetchPage: (cursor, signal) => getOutbox({ ...filters, limit: LIST_PAGE_SIZE, cursor }, signal),
    itemsOf: (answer) => answer.mail,
  });
  const configured = list.firstPage?.smtpConfigured;
  return { ...list, smtpConfigured: typeof configured === 'boolean' ? configured : undefined };
}
