import { ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatDate } from '@/client/lib/format-date';
import { formatKesDecimal } from '@/shared/rules/money';
import { useParticipantEarnings } from '@/client/api/participants/get-participant-earnings';

/** A participant's earned, paid and pending totals and completed studies, in KES. */
export function ParticipantEarnings({ participantId }: { participantId: string }) {
  const earnings = useParticipantEarnings(participantId);

  if (earnings.isPending) {
    return <LoadingList label="Loading earnings…" count={1} itemClassName="h-16" />;
  }
  if (earnings.isError) {
    return (
      <ErrorState
        title="We could not load the earnings."
        message={errorMessageOf(earnings.error, 'Please try again.')}
        onRetry={() => void earnings.refetch()}
        retrying={earnings.isFetching}
      />
    );
  }
  const e = earnings.data.earnings;
  const lastPayment = formatDate(e.lastPaymentAt);
  const figures = [
    ['Total earned', formatKesDecimal(e.totalEarned)],
    ['Paid out', formatKesDecimal(e.totalPaid)],
    ['Pending', formatKesDecimal(e.pendingPayments)],
    ['Completed studies', e.completedTests.toLocaleString('en-KE')],
  ] as const;
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="participant-earnings">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-muted/50 p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="mt-0.5 font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">
        {lastPayment ? `Last payment on ${lastPayment}.` : 'No payments yet.'}
      </p>
    </div>
  );
}
