import { WalletIcon } from 'lucide-react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatDate } from '@/client/lib/format-date';
import { formatKesDecimal } from '@/shared/rules/money';
import { useMyEarnings } from '@/client/api/participants/get-my-earnings';

/** Totals earned, paid and pending, and completed studies, from GET /api/me/earnings (KES). */
export function EarningsCard() {
  const earnings = useMyEarnings();

  let body;
  if (earnings.isPending) {
    body = <LoadingList label="Loading your earnings…" count={1} itemClassName="h-24" />;
  } else if (earnings.isError) {
    body = (
      <ErrorState
        title="We could not load your earnings."
        message={errorMessageOf(earnings.error, 'Please try again.')}
        onRetry={() => void earnings.refetch()}
        retrying={earnings.isFetching}
      />
    );
  } else {
    const e = earnings.data.earnings;
    const lastPayment = formatDate(e.lastPaymentAt);
    body = (
      <>
        <dl className="grid grid-cols-2 gap-4" data-testid="earnings">
          <div>
            <dt className="text-xs text-muted-foreground">Total earned</dt>
            <dd className="text-xl font-semibold">{formatKesDecimal(e.totalEarned)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Paid out</dt>
            <dd className="text-xl font-semibold">{formatKesDecimal(e.totalPaid)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Pending</dt>
            <dd className="text-xl font-semibold">{formatKesDecimal(e.pendingPayments)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Completed studies</dt>
            <dd className="text-xl font-semibold">{e.completedTests}</dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-muted-foreground">
          {lastPayment ? `Last payment on ${lastPayment}.` : 'No payments yet.'} You are paid once a
          study is completed.
        </p>
      </>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild className="flex items-center gap-2 text-lg">
          <h3>
            <WalletIcon className="size-5 text-primary" aria-hidden="true" />
            Earnings
          </h3>
        </CardTitle>
        <CardDescription>Amounts in Kenyan shillings.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
