import type { Payment } from '../../../shared/schemas/payments';
import type { JoinedPaymentRow } from './payments.repo';

export function toPayment(r: JoinedPaymentRow): Payment {
  const p = r.payment;
  return {
    id: p.id,
    participantId: p.participantId,
    participantName: r.firstName !== null ? `${r.firstName} ${r.lastName ?? ''}`.trim() : null,
    participantEmail: r.email,
    testId: p.testId,
    testTitle: r.testTitle,
    applicationId: p.applicationId,
    amount: p.amount,
    currency: p.currency,
    reason: p.reason,
    note: p.note,
    status: p.status,
    paymentMethod: p.paymentMethod,
    transactionId: p.transactionId,
    processedAt: p.processedAt?.toISOString() ?? null,
    failureReason: p.failureReason,
    createdAt: p.createdAt.toISOString(),
    attempts: p.attempts,
    payoutId: p.payoutId,
    paidTo: p.paidTo,
    releasedAt: p.releasedAt?.toISOString() ?? null,
    payoutState: (r.attemptState as Payment['payoutState']) ?? null,
    payoutError: r.attemptError,
  };
}
