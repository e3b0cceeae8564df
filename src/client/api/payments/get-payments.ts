import { apiJson, withQuery } from '@/client/lib/api';
import type { Payment, PaymentTotals } from '@/shared/schemas/payments';
import { LIST_PAGE_SIZE, usePagedList } from '../paged-list';
import { type PaymentFilters, paymentKeys } from './keys';

type PaymentsAnswer = {
  payments: Payment[];
  totals?: PaymentTotals;
  nextCursor?: string | null;
  total?: number;
};

/**
 * GET /api/payments?status=&search=&limit=&cursor=: payments newest first, and
 * the totals (owed, paid, refunded) of every status within the search.
 */
export function getPayments(
  query: PaymentFilters & { limit?: number; cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<PaymentsAnswer> {
  return apiJson('GET', withQuery(paymentKeys.path, query), undefined, signal);
}

export function usePayments(filters: PaymentFilters) {
  const list = usePagedList({
    queryKey: paymentKeys.list(filters),
    fetchPage: (cursor, signal) =>
      getPayments({ ...filters, limit: LIST_PAGE_SIZE, cursor }, signal),
    itemsOf: (answer) => answer.payments,
  });
  return { ...list, totals: list.firstPage?.totals };
}
