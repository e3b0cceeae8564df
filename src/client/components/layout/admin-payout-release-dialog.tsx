import { AlertTriangleIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { usePayoutConfig } from '@/client/api/payouts/get-payout-config';
import { usePayoutPreview } from '@/client/api/payouts/preview-payout';
import {
  type ReleasedPayout,
  useReleasePayout,
  type WithStepUp,
} from '@/client/api/payouts/release-payout';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/client/components/ui/alert-dialog';
import { PendingButton } from '@/client/components/ui/pending-button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/use-toast';
import { getApiErrorDetails } from '@/client/lib/api';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatKesExact } from '@/client/lib/format-kes-exact';
import { paymentCount } from '@/client/lib/payout-progress';
import type { PayoutProvider } from '@/shared/schemas/options';
import type { PayoutPreview, PayoutReleaseInput } from '@/shared/schemas/payouts';
import { payoutHeadingId } from './admin-payout-progress';

/** How the money leaves, said in the confirmation. */
export const providerText: Record<PayoutProvider, string> = {
  mpesa: 'Sent over M-Pesa to each participant’s payout number.',
  manual:
    'You pay them yourself with the M-Pesa bulk file: download it from the payout once released, pay, then mark each payment paid with its M-Pesa code.',
};

/** The refused release's words: the message and, per payment, what stood in the way. */
type Refusal = { message: string; errors: string[] };

function refusalOf(error: unknown): Refusal {
  const details = getApiErrorDetails(error);
  return {
    message: errorMessageOf(error, 'The payments could not be released. Please try again.'),
    errors: details.status === 409 ? Object.values(details.fieldErrors) : [],
  };
}

/**
 * The confirmation of a release (decisions.md section 11): how many payments and their exact
 * total as the server counts them (`/preview`), how they are paid, and what stands in the
 * way of any (the release waits until none does). Confirm sends it through `withStepUp`,
 * which asks for a second-factor code when the server wants one (or says to set one up). A refusal (409) is shown
 * here with each payment's reason, and the list is refreshed.
 */
export function ReleasePayoutsDialog({
  open,
  onOpenChange,
  target,
  scope,
  withStepUp,
  isStepUpCancelled,
  onReleased,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The chosen payments, or every pending payment of one study. */
  target: PayoutReleaseInput;
  /** What is released, for the title's line: "the 2 selected payments", "every pending payment of …". */
  scope: string;
  /** The console's step-up helper (useStepUp): asks for a code when the server wants one. */
  withStepUp: WithStepUp;
  /** The admin closed the code dialog: nothing was sent, nothing to say. */
  isStepUpCancelled: (error: unknown) => boolean;
  /** After the server took the release (202); the focus then goes to its progress. */
  onReleased: (payout: ReleasedPayout) => void;
}) {
  const config = usePayoutConfig();
  const preview = usePayoutPreview(open ? target : undefined);
  const release = useReleasePayout();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const released = useRef<ReleasedPayout | null>(null);
  const pending = release.isPending;

  function changeOpen(next: boolean) {
    if (pending) return;
    if (!next) setRefusal(null);
    onOpenChange(next);
  }

  async function confirm() {
    setRefusal(null);
    try {
      const payout = await release.mutateAsync({ input: target, withStepUp });
      released.current = payout;
      toast({
        title: 'Payments released',
        description:
          config.data?.provider === 'manual'
            ? `${paymentCount(payout.count)}, ${formatKesExact(payout.amount)}: download the bulk file to pay them.`
            : `${paymentCount(payout.count)}, ${formatKesExact(payout.amount)}, are on their way over M-Pesa.`,
      });
      onReleased(payout);
      onOpenChange(false);
    } catch (error) {
      if (isStepUpCancelled(error)) return;
      setRefusal(refusalOf(error));
      // What the server refused may have changed since the preview: ask it again.
      void preview.refetch();
    }
  }

  const data = preview.data;
  const blocked = !data || data.count === 0 || data.problems.length > 0 || config.isPending;
  const provider = config.data?.provider;

  return (
    <AlertDialog open={open} onOpenChange={changeOpen}>
      <AlertDialogContent
        className="sm:max-w-xl"
        aria-busy={preview.isFetching || undefined}
        onCloseAutoFocus={(event) => {
          const payout = released.current;
          released.current = null;
          const heading = payout && document.getElementById(payoutHeadingId(payout.id));
          if (heading) {
            event.preventDefault();
            heading.focus();
          }
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Release payments?</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">
              <p>You are releasing {scope}.</p>
              <ReleaseSummary
                preview={data}
                loading={preview.isPending}
                error={preview.isError ? preview.error : null}
              />
              {provider && <p data-provider={provider}>{providerText[provider]}</p>}
              {provider === 'mpesa' && config.data && (
                <p className="text-xs">
                  M-Pesa pays {formatKesExact(String(config.data.minAmount))} to{' '}
                  {formatKesExact(String(config.data.maxAmount))} per payment.
                </p>
              )}
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>

        {data && data.problems.length > 0 && (
          <Problems problems={data.problems} chosen={'paymentIds' in target} />
        )}
        {refusal && (
          <div
            role="alert"
            className="grid gap-1 rounded-lg border border-destructive/40 bg-red-50 p-3 text-sm text-red-900"
          >
            <p className="font-medium">{refusal.message}</p>
            {refusal.errors.length > 0 && (
              <ul className="list-disc pl-5">
                {refusal.errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            )}
          </div>
        )}

        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <PendingButton
            onClick={() => void confirm()}
            pending={pending}
            pendingLabel="Releasing…"
            disabled={blocked}
            // The code dialog opens over this one: closing it brings the focus back here.
            keepFocus
          >
            {data && data.count > 0 ? `Release ${paymentCount(data.count)}` : 'Release payments'}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function ReleaseSummary({
  preview,
  loading,
  error,
}: {
  preview: PayoutPreview | undefined;
  loading: boolean;
  error: unknown;
}) {
  if (loading)
    return (
      <span role="status" className="grid gap-1">
        <span className="sr-only">Counting the payments…</span>
        <Skeleton className="h-6 w-64" aria-hidden="true" />
      </span>
    );
  if (error)
    return (
      <span role="alert" className="font-medium text-red-800">
        {errorMessageOf(error, 'The payments could not be counted. Close this and try again.')}
      </span>
    );
  if (!preview) return null;
  return (
    <span className="text-base text-foreground" data-release-summary>
      <strong className="font-semibold">{paymentCount(preview.count)}</strong>,{' '}
      <strong className="font-semibold tabular-nums">{formatKesExact(preview.amount)}</strong> in
      total.
    </span>
  );
}

function Problems({
  problems,
  chosen,
}: {
  problems: PayoutPreview['problems'];
  /** The payments were chosen one by one (not every pending payment of a study). */
  chosen: boolean;
}) {
  return (
    <div className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="flex items-center gap-2 font-medium">
        <AlertTriangleIcon className="size-4 shrink-0" aria-hidden="true" />
        {problems.length === 1
          ? '1 payment cannot be released as it is. Nothing is released until it is dealt with:'
          : `${problems.length} payments cannot be released as they are. Nothing is released until they are dealt with:`}
      </p>
      <ul className="grid gap-1 pl-5 [list-style:disc]" aria-label="What stands in the way">
        {problems.map((problem) => (
          <li key={`${problem.paymentId}:${problem.message}`} className="wrap-anywhere">
            {problem.name ? (
              <>
                <span className="font-medium">{problem.name}</span>: {problem.message}
              </>
            ) : (
              problem.message
            )}
          </li>
        ))}
      </ul>
      <p className="text-xs">
        {chosen
          ? 'Untick those payments, or fix them, and release again.'
          : 'Fix them, or release the others from the Payments tab by choosing them there.'}
      </p>
    </div>
  );
}
