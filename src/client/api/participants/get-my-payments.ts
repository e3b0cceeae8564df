import { apiJson, withQuery } from '@/client/lib/api';
import type { Statement } from '@/shared/schemas/statement';
import { usePagedList } from '../paged-list';
import { participantKeys } from './keys';

/** A statement page: a phone screen or two of payments. */
export const STATEMENT_PAGE_SIZE = 10;

/**
 * GET /api/me/payments?limit=&cursor=: the signed-in participant's payments, newest first,
 * each with its study, amount, status, dates, receipt and reason (decisions.md section 11).
 */
export function getMyPayments(
  query: { limit?: number; cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<Statement> {
  return apiJson('GET', withQuery(participantKeys.myPayments[0], query), undefined, signal);
}

export function useMyPayments() {
  return usePagedList({
    queryKey: participantKeys.myPayments,
    fetchPage: (cursor, signal) => getMyPayments({ limit: STATEMENT_PAGE_SIZE, cursor }, signal),
    itemsOf: (answer) => answer.payments,
  });
}
