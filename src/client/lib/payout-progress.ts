import type { Payout } from '@/shared/schemas/payouts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "1 payment", "3 payments": the console's count of payments, in every payout sentence. */
export const paymentCount = (n: number) => plural(n, 'payment', 'payments');

/**
 * The payments of a payout that moved on since: refunded or settled by hand, or retried and
 * released again (a released payment belongs to its latest payout, so it left this one).
 */
export function movedOnOf({ progress: p, count }: Payout): number {
  const here = p.processing + p.needsAttention + p.completed + p.failed + p.other;
  return p.other + Math.max(0, count - here);
}

/** Settled: paid, failed or moved on; waiting and "needs attention" are not, yet. */
export function payoutSettled(payout: Payout): { done: number; total: number; percent: number } {
  const p = payout.progress;
  const total = payout.count;
  const done = Math.min(total, Math.max(0, total - p.processing - p.needsAttention));
  return { done, total, percent: total === 0 ? 100 : Math.round((done / total) * 100) };
}

/**
 * How far a payout got, in one sentence (a live region says it again when it changes):
 * paid, failed, waiting, those whose outcome staff must check, and those moved on since.
 */
export function payoutSummary(payout: Payout): string {
  const p = payout.progress;
  const total = payout.count;
  const movedOn = movedOnOf(payout);
  const parts =
    payout.provider === 'manual'
      ? [
          `${p.processing} to pay with the bulk file`,
          `${p.completed} of ${total} marked paid`,
          ...(p.failed > 0 ? [`${p.failed} failed`] : []),
        ]
      : [
          `${p.completed} of ${total} paid`,
          `${p.failed} failed`,
          ...(p.processing > 0 ? [`${p.processing} waiting for M-Pesa`] : []),
          ...(p.needsAttention > 0
            ? [`${plural(p.needsAttention, 'needs', 'need')} attention (outcome unknown)`]
            : []),
        ];
  if (movedOn > 0) parts.push(`${movedOn} moved on since (retried, refunded or settled by hand)`);
  const lead =
    p.processing > 0
      ? payout.provider === 'manual'
        ? 'Released for the bulk file'
        : 'Paying over M-Pesa'
      : p.needsAttention > 0
        ? 'Waiting for you'
        : 'Finished';
  return `${lead}: ${parts.join(', ')}.`;
}
