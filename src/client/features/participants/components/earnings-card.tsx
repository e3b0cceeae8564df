import { WalletIcon } from 'lucide-react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { PaymentStatusBadge } from '@/client/components/domain/payment-status-badge';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatDate } from '@/client/lib/format-date';
import { formatKes, toCents } from '@/shared/rules/money';
import type { MyPayment } from '@/shared/schemas/participants';
import { useMyEarnings } from '@/client/api/participants/get-my-earnings';
import { useLanguage, useT } from '@/client/i18n/language';

function PaymentRow({ payment }: { payment: MyPayment }) {
  const t = useT('dashboard');
  const language = useLanguage();
  const paidOn = payment.status === 'completed' ? formatDate(payment.processedAt, language) : null;
  return (
    <li className="grid gap-1 py-3 first:pt-0 last:pb-0" data-payment-id={payment.id}>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 text-sm font-medium wrap-anywhere">{payment.testTitle}</p>
        <p className="shrink-0 text-sm font-semibold">
          {formatKes(toCents(payment.amount), language)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <PaymentStatusBadge status={payment.status} />
        <span>
          {paidOn
            ? t('earnings.payment.paidOn', { date: paidOn })
            : t('earnings.payment.addedOn', {
                date: formatDate(payment.createdAt, language) ?? '',
              })}
        </span>
      </div>
    </li>
  );
}

/**
 * Totals earned, paid and pending, completed studies, and every payment with its status,
 * from GET /api/me/earnings (KES). The sentence under the totals says what the state is:
 * no payment at all, payments not paid out yet, or the last payout's date.
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
        ? t('earnings.noPayments')
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
        <p className="mt-4 text-sm text-muted-foreground" data-testid="earnings-summary">
          {summary}
        </p>
        {payments.length > 0 && (
          <section aria-labelledby="my-payments-title" className="mt-4 border-t pt-4">
            <h4 id="my-payments-title" className="mb-3 text-sm font-semibold">
              {t('earnings.payments.title')}
            </h4>
            <ul className="divide-y" data-testid="my-payments">
              {payments.map((payment) => (
                <PaymentRow key={payment.id} payment={payment} />
              ))}
            </ul>
          </section>
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
      <CardContent>{body}</CardContent>
    </Card>
  );
}
