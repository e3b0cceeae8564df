import type { PaymentStatus } from '../schemas/options';

/**
 * Payments owed to a participant but not paid yet: a failed payment is retried, so it is
 * still owed. The admin's "pending" total and a participant's pending earnings both sum these.
 */
export const OWED_PAYMENT_STATUSES = [
  'pending',
  'processing',
  'failed',
] as const satisfies readonly PaymentStatus[];

export function isOwed(status: PaymentStatus): boolean {
  return (OWED_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(status);
}
