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
import { formatKes, toCents } from '@/shared/rules/money';
import { useMyEarnings } from '@/client/api/participants/get-my-earnings';
import { PaymentStatement } from './payment-statement';
import { useLanguage, useT } from '@/client/i18n/language';

/**
 * Totals earned, paid and pending and completed studies from GET /api/me/earnings (KES),
 * over the statement of every payment (PaymentStatement, GET /api/me/payments): the totals
 * are sums over its rows (decisions.md section 5). The sentence under the totals says
 * whether anything was paid out yet; with no payment at all the statement says so.
 */
export function EarningsCard() {
  const earnings = useMyEarnings();
  const t = useT('dashboard');
  const language = useLanguage();
  const kes = (decimal: string) => formatKes(toCents(decimal), language);

  let body;
  if (earnings.isPending) {
    body = <LoadingList label={t('earnings.loading')} count={1} itemClassName="h-24" />;
  } else if (earnings.isError) {
    body = (
      <ErrorState
        title={t('earnings.error')}
        message={errorMessageOf(earnings.error, t('tryAgain'))}
        onRetry={() => void earnings.refetch()}
        retrying={earnings.isFetching}
      />
    );
  } else {
    const { earnings: e, payments = [] } = earnings.data;
    const lastPayment = formatDate(e.lastPaymentAt, language);
    const summary =
      payments.length === 0
        ? null
        : lastPayment
          ? t('earnings.lastPayment', { date: lastPayment })
          : t('earnings.notPaidYet');
    body = (
      <>
        <dl className="grid grid-cols-2 gap-4" data-testid="earnings">
          <div>
            <dt className="text-xs text-muted-foreground">{t('earnings.totalEarned')}</dt>
            <dd className="text-xl font-semibold">{kes(e.totalEarned)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('earnings.paidOut')}</dt>
            <dd className="text-xl font-semibold">{kes(e.totalPaid)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('earnings.pending')}</dt>
            <dd className="text-xl font-semibold">{kes(e.pendingPayments)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('earnings.completed')}</dt>
            <dd className="text-xl font-semibold">{e.completedTests}</dd>
          </div>
        </dl>
        {summary && (
          <p className="mt-4 text-sm text-muted-foreground" data-testid="earnings-summary">
            {summary}
          </p>
        )}
      </>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild className="flex items-center gap-2 text-lg">
          <h3>
            <WalletIcon className="size-5 text-primary" aria-hidden="true" />
            {t('earnings.title')}
          </h3>
        </CardTitle>
        <CardDescription>{t('earnings.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>{body}</div>
        <div className="border-t pt-4">
          <PaymentStatement />
        </div>
      </CardContent>
    </Card>
  );
}
