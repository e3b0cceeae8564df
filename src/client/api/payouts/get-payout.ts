import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiJson } from '@/client/lib/api';
import type { Payout } from '@/shared/schemas/payouts';
import { invalidateAll } from '../invalidate';
import { participantKeys } from '../participants/keys';
import { paymentKeys } from '../payments/keys';
import { statsKeys } from '../stats/keys';
import { studyKeys } from '../studies/keys';
import { payoutKeys, payoutUrl } from './keys';

/** How often a payout M-Pesa is still paying is asked about again. */
export const PAYOUT_POLL_MS = 2_000;

/** GET /api/payouts/{id}: one payout and how far it got (admins); 404 when unknown. */
export async function getPayout(id: string, signal?: AbortSignal): Promise<Payout> {
  return (await apiJson<{ payout: Payout }>('GET', payoutUrl(id), undefined, signal)).payout;
}

/** Payments M-Pesa still has: sent, or waiting to be sent, with no answer yet. */
export function stillPaying(payout: Payout | undefined): boolean {
  return payout?.provider === 'mpesa' && payout.progress.processing > 0;
}

const progressSignature = ({ progress: p }: Payout) =>
  `${p.completed}/${p.failed}/${p.needsAttention}/${p.other}`;

/** Per query client: what each payout's payments had answered when last seen (id -> signature). */
const seenByClient = new WeakMap<QueryClient, Map<string, string>>();
const seenOf = (queryClient: QueryClient) => {
  let seen = seenByClient.get(queryClient);
  if (!seen) seenByClient.set(queryClient, (seen = new Map()));
  return seen;
};

/** A payout just released: nothing of it has an answer yet, so its first answers count. */
export function followNewPayout(queryClient: QueryClient, id: string) {
  seenOf(queryClient).set(id, '0/0/0/0');
}

/**
 * Refreshes the payments (list, totals, earnings, figures) when M-Pesa's answers for one of
 * `payouts` change, so the list follows a payout as its payments settle. Shared by every
 * screen that watches payouts, so one change refreshes once.
 */
export function useRefreshAsPayoutsSettle(payouts: readonly Payout[] | undefined) {
  const queryClient = useQueryClient();
  const signatures = payouts?.map((p) => `${p.id}=${progressSignature(p)}`).join(',');
  useEffect(() => {
    if (!signatures) return;
    const seen = seenOf(queryClient);
    let changed = false;
    for (const entry of signatures.split(',')) {
      const [id = '', signature = ''] = entry.split('=');
      const before = seen.get(id);
      seen.set(id, signature);
      if (before !== undefined && before !== signature) changed = true;
    }
    if (changed)
      void invalidateAll(queryClient, [
        paymentKeys.all,
        payoutKeys.list,
        statsKeys.all,
        participantKeys.all,
        studyKeys.all,
      ]);
  }, [queryClient, signatures]);
}

/**
 * One payout, asked again every 2 s while M-Pesa is still paying some of it; TanStack Query
 * stops asking while the browser tab is hidden and once every payment has an answer.
 */
export function usePayout(id: string) {
  const query = useQuery({
    queryKey: payoutKeys.detail(id),
    queryFn: ({ signal }) => getPayout(id, signal),
    refetchInterval: (q) => (stillPaying(q.state.data) ? PAYOUT_POLL_MS : false),
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
  useRefreshAsPayoutsSettle(query.data ? [query.data] : undefined);
  return query;
}
