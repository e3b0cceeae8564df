import { DownloadIcon, XIcon } from 'lucide-react';
import { useDownloadBulkFile } from '@/client/api/payouts/download-bulk-file';
import { usePayout } from '@/client/api/payouts/get-payout';
import { Button } from '@/client/components/ui/button';
import { ErrorState } from '@/client/components/ui/list-states';
import { PendingButton } from '@/client/components/ui/pending-button';
import { Progress } from '@/client/components/ui/progress';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatKesExact } from '@/client/lib/format-kes-exact';
import { paymentCount, payoutSettled, payoutSummary } from '@/client/lib/payout-progress';
import { toastFailure } from '@/client/lib/toast-failure';
import { cn } from '@/client/lib/utils';
import type { Payout } from '@/shared/schemas/payouts';

/** The id of a payout panel's heading: the focus goes there once the release is sent. */
export const payoutHeadingId = (id: string) => `payout-${id}-heading`;

/** The payout's progress bar: how many of its payments are settled. */
export function PayoutBar({ payout, className }: { payout: Payout; className?: string }) {
  const { done, total, percent } = payoutSettled(payout);
  return (
    <Progress value={percent} aria-label={`${done} of ${total} settled`} className={className} />
  );
}

/** Paid, failed, waiting and needing attention, with the amount paid of the total. */
export function PayoutFigures({ payout, compact = false }: { payout: Payout; compact?: boolean }) {
  const p = payout.progress;
  const figures = [
    {
      key: 'completed',
      label: 'Paid',
      value: String(p.completed),
      note: `${formatKesExact(p.completedAmount)} of ${formatKesExact(payout.amount)}`,
    },
    { key: 'failed', label: 'Failed', value: String(p.failed) },
    {
      key: 'waiting',
      label: payout.provider === 'manual' ? 'To pay' : 'Waiting',
      value: String(p.processing),
    },
    { key: 'attention', label: 'Needs attention', value: String(p.needsAttention) },
  ];
  return (
    <dl className={cn('grid grid-cols-2 gap-2 sm:grid-cols-4', compact ? 'text-xs' : 'text-sm')}>
      {figures.map((figure) => (
        <div
          key={figure.key}
          data-figure={figure.key}
          className={cn(
            'rounded-md border px-2 py-1.5',
            figure.key === 'attention' && p.needsAttention > 0 && 'border-amber-400 bg-amber-50',
            figure.key === 'failed' && p.failed > 0 && 'border-destructive/40 bg-red-50',
          )}
        >
          <dt className="text-muted-foreground">{figure.label}</dt>
          <dd className="font-semibold tabular-nums">
            {figure.value}
            {figure.note && !compact && (
              <>
                {' '}
                <span className="font-normal text-muted-foreground">· {figure.note}</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Downloads a manual payout's M-Pesa bulk payment file. */
export function BulkFileButton({
  payoutId,
  size,
  label,
}: {
  payoutId: string;
  size?: 'sm';
  /** The accessible name, when several payouts are listed. */
  label?: string;
}) {
  const download = useDownloadBulkFile();
  async function run() {
    try {
      const name = await download.mutateAsync(payoutId);
      toast({ title: 'Bulk file downloaded', description: `Saved as ${name}.` });
    } catch (error) {
      toastFailure('Download failed', error, 'The bulk file could not be downloaded.');
    }
  }
  return (
    <PendingButton
      variant="outline"
      size={size}
      onClick={() => void run()}
      pending={download.isPending}
      pendingLabel="Downloading…"
      keepFocus
      aria-label={label}
    >
      <DownloadIcon aria-hidden="true" />
      Download bulk file
    </PendingButton>
  );
}

/**
 * The progress of the payout just released (decisions.md section 11): asked again every 2 s
 * while M-Pesa is paying (usePayout), with a live region that says how far it got when that
 * changes, a progress bar, and the paid, failed, waiting and needs-attention figures.
 */
export function PayoutProgressPanel({
  payoutId,
  onClose,
  headingLevel = 3,
}: {
  payoutId: string;
  onClose: () => void;
  /** Its heading's level in the page's outline (3 under a tab's h2). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const payout = usePayout(payoutId);
  const headingId = payoutHeadingId(payoutId);
  const data = payout.data;

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-xl border bg-card p-4"
      data-payout-id={payoutId}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading id={headingId} tabIndex={-1} className="font-semibold outline-none">
            Payout progress
          </Heading>
          {data && (
            <p className="text-sm wrap-anywhere text-muted-foreground">
              {paymentCount(data.count)}, {formatKesExact(data.amount)}
              {data.testTitle ? ` · ${data.testTitle}` : ''}
            </p>
          )}
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={onClose}
          aria-label="Close payout progress"
          className="shrink-0"
        >
          <XIcon aria-hidden="true" />
        </Button>
      </div>
      {/* Polite: said when the counts change, never more often than they do. */}
      <p role="status" aria-live="polite" className="text-sm font-medium">
        {data ? payoutSummary(data) : payout.isPending ? 'Loading the payout…' : ''}
      </p>
      {payout.isPending && <Skeleton className="h-16 w-full" aria-hidden="true" />}
      {payout.isError && !data && (
        <ErrorState
          title="The payout’s progress could not be loaded."
          message={errorMessageOf(payout.error, 'Please try again.')}
          onRetry={() => void payout.refetch()}
          retrying={payout.isFetching}
        />
      )}
      {data && (
        <>
          <PayoutBar payout={data} />
          <PayoutFigures payout={data} />
          {data.progress.needsAttention > 0 && (
            <p className="text-sm text-amber-900">
              M-Pesa did not say what became of {paymentCount(data.progress.needsAttention)}. Check
              the M-Pesa portal, then mark each paid (with its M-Pesa code) or failed in the list.
            </p>
          )}
          {data.provider === 'manual' && data.progress.processing > 0 && (
            <div className="flex flex-wrap items-center gap-3">
              <BulkFileButton payoutId={data.id} />
              <p className="text-sm text-muted-foreground">
                Pay the file in the M-Pesa portal, then mark each payment paid with its code.
              </p>
            </div>
          )}
          {payout.isError && (
            <p role="alert" className="text-sm text-red-800">
              Could not refresh the progress: {errorMessageOf(payout.error, 'please try again.')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
