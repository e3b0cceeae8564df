import type { PaymentStatus } from '@/shared/schemas/options';

const paymentsPath = '/api/payments';

export type PaymentFilters = {
  status?: PaymentStatus | undefined;
  search?: string | undefined;
};

export const paymentKeys = {
  path: paymentsPath,
  all: [paymentsPath] as const,
  list: (filters: PaymentFilters) => [paymentsPath, 'list', filters] as const,
};
