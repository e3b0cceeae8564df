import { HistoryIcon } from 'lucide-react';
import { usePayouts } from '@/client/api/payouts/get-payouts';
import { BulkFileButton, PayoutBar } from '@/client/components/layout/admin-payout-progress';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { TimeStamp } from '@/client/components/ui/time-stamp';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatDateTime } from '@/client/lib/format-date-time';
import { formatKesExact } from '@/client/lib/format-kes-exact';
import { paymentCount, payoutSummary } from '@/client/lib/payout-progress';
import type { Payout } from '@/shared/schemas/payouts';

const providerWord: Record<Payout['provider'], string> = {
  mpesa: 'over M-Pesa',
  manual: 'bulk file',
};

/**
 * The latest payouts (GET /api/payouts), newest first, each with who released what, how
 * far it got and, for one paid by hand, its M-Pesa bulk file. Asked again while M-Pesa is
 * paying one of them.
 */
export function RecentPayouts() {
  const payouts = usePayouts();
  return (
    <section aria-labelledby="recent-payouts-heading" className="grid gap-3">
      <h3 id="recent-payouts-heading" className="text-lg font-semibold">
        Recent payouts
      </h3>
      {payouts.isPending ? (
        <LoadingList label="Loading the recent payouts…" count={2} itemClassName="h-20" />
      ) : payouts.isError && !payouts.data ? (
        <ErrorState
          title="The recent payouts could not be loaded."
          message={errorMessageOf(payouts.error, 'Please try again.')}
          onRetry={() => void payouts.refetch()}
          retrying={payouts.isFetching}
        />
      ) : payouts.data.length === 0 ? (
        <EmptyState icon={<HistoryIcon className="size-8" aria-hidden="true" />}>
          <p>No payouts yet. Select pending payments above and release them.</p>
        </EmptyState>
      ) : (
        <ul className="grid gap-2" aria-label="Recent payouts">
          {payouts.data.map((payout) => (
            <RecentPayout key={payout.id} payout={payout} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentPayout({ payout }: { payout: Payout }) {
  const count = paymentCount(payout.count);
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-payout-id={payout.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium">
          {count}, <span className="tabular-nums">{formatKesExact(payout.amount)}</span>
          <span className="font-normal text-muted-foreground">
            {' '}
            · {providerWord[payout.provider]}
          </span>
        </p>
        <p className="text-xs text-muted-foreground">
          <TimeStamp value={payout.createdAt}>
            {formatDateTime(payout.createdAt, 'en') ?? payout.createdAt}
          </TimeStamp>
          {payout.createdByName && ` · by ${payout.createdByName}`}
        </p>
      </div>
      {payout.testTitle && (
        <p className="text-sm wrap-anywhere text-muted-foreground">
          Every pending payment of {payout.testTitle}
        </p>
      )}
      <p className="text-sm">{payoutSummary(payout)}</p>
      <PayoutBar payout={payout} />
      {payout.provider === 'manual' && payout.progress.processing > 0 && (
        <div>
          <BulkFileButton
            payoutId={payout.id}
            size="sm"
            label={`Download bulk file: ${count} released ${formatDateTime(payout.createdAt, 'en') ?? ''}`}
          />
        </div>
      )}
    </li>
  );
}
