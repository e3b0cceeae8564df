import { usePagedList } from '@/client/lib/use-paged-list';
import type { PaymentStatus } from '@/shared/schemas/options';
import type { Payment, PaymentTotals } from '@/shared/schemas/payments';

export const paymentsPath = '/api/payments';

export type PaymentFilters = {
  status?: PaymentStatus | undefined;
  search?: string | undefined;
};

/**
 * GET /api/payments?status=&search=&limit=&cursor=: payments newest first, and
 * the totals (owed, paid, refunded) of every status within the search.
 */
export function usePayments(filters: PaymentFilters) {
  const list = usePagedList<Payment>(paymentsPath, 'payments', filters);
  return { ...list, totals: list.firstPage?.totals as PaymentTotals | undefined };
}
