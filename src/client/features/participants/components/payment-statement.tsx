import { ReceiptTextIcon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { LoadMore } from '@/client/components/ui/load-more';
import { PaymentStatusBadge } from '@/client/components/domain/payment-status-badge';
import { useMyPayments } from '@/client/api/participants/get-my-payments';
import { useLanguage, useT } from '@/client/i18n/language';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatDate } from '@/client/lib/format-date';
import { formatKes, toCents } from '@/shared/rules/money';
import type { StatementPayment } from '@/shared/schemas/statement';

const termClass = 'text-muted-foreground';

/** One fact of a payment: a label and its value, read together. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <dt className={termClass}>{term}</dt>{' '}
      <dd className="min-w-0 font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}

function StatementItem({ payment }: { payment: StatementPayment }) {
  const t = useT('dashboard');
  const language = useLanguage();
  const paidOn = payment.paidAt ? formatDate(payment.paidAt, language) : null;
  const date = paidOn
    ? t('earnings.payment.paidOn', { date: paidOn })
    : t('earnings.payment.addedOn', { date: formatDate(payment.createdAt, language) ?? '' });
  // A refunded payment was paid first: its receipt still names that payment.
  const receipt =
    payment.transactionId && (payment.status === 'completed' || payment.status === 'refunded')
      ? payment.transactionId
      : null;
  return (
    <li
      className="rounded-lg border bg-card p-3 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      data-payment-id={payment.id}
      tabIndex={-1}
    >
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 text-sm font-medium wrap-anywhere">{payment.testTitle}</p>
        <p className="shrink-0 text-sm font-semibold">
          <span className="sr-only">{t('statement.amount')}: </span>
          {formatKes(toCents(payment.amount), language)}
        </p>
      </div>
      <dl className="mt-2 grid gap-1.5 text-xs">
        <Fact term={t('statement.status')}>
          <PaymentStatusBadge status={payment.status} />
        </Fact>
        {payment.reason !== 'completion' && (
          <Fact term={t('statement.type')}>{t(`statement.reason.${payment.reason}`)}</Fact>
        )}
        <Fact term={t('statement.date')}>{date}</Fact>
        {receipt && (
          <Fact term={t('statement.receipt')}>
            <span className="font-mono tracking-wide">{receipt}</span>
          </Fact>
        )}
      </dl>
      {payment.status === 'failed' && (
        <p className="mt-2 text-xs text-red-800">{t('statement.failedRetry')}</p>
      )}
    </li>
  );
}

/**
 * The participant's statement (decisions.md section 11): every payment with its study,
 * amount, status in words, reason when it is an extra, date and M-Pesa receipt, newest
 * first, a page at a time. A list of labelled facts, one card per payment, readable from
 * a 320 px phone to the dashboard's side column.
 */
export function PaymentStatement() {
  const t = useT('dashboard');
  const headingId = useId();
  const list = useMyPayments();
  const listRef = useRef<HTMLUListElement>(null);
  // "Load more" may go away with the last page: the focus moves to the first new payment
  // instead of falling to the page.
  const firstNew = useRef<number | null>(null);
  const shown = list.items.length;
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || shown <= index) return;
    firstNew.current = null;
    listRef.current?.querySelectorAll<HTMLElement>(':scope > li')[index]?.focus();
  }, [shown]);
  function loadMore() {
    firstNew.current = shown;
    void list.fetchNextPage();
  }

  let body;
  if (list.isPending) {
    body = <LoadingList label={t('statement.loading')} count={2} itemClassName="h-24" />;
  } else if (list.isError && list.items.length === 0) {
    body = (
      <ErrorState
        title={t('statement.error')}
        message={errorMessageOf(list.error, t('tryAgain'))}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (list.items.length === 0) {
    body = (
      <EmptyState icon={<ReceiptTextIcon className="size-6" aria-hidden="true" />}>
        <p data-testid="statement-empty">{t('earnings.noPayments')}</p>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul
          ref={listRef}
          aria-labelledby={headingId}
          className="grid gap-3"
          data-testid="my-payments"
        >
          {list.items.map((payment) => (
            <StatementItem key={payment.id} payment={payment} />
          ))}
        </ul>
        {list.isFetchNextPageError && (
          <ErrorState
            className="mt-3"
            title={t('statement.error')}
            message={errorMessageOf(list.error, t('tryAgain'))}
            onRetry={() => void list.fetchNextPage()}
            retrying={list.isFetchingNextPage}
          />
        )}
        <LoadMore
          shown={list.items.length}
          total={list.total}
          hasMore={list.hasNextPage && !list.isFetchNextPageError}
          loading={list.isFetchingNextPage}
          onLoadMore={loadMore}
          noun={t('statement.noun')}
        />
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3" data-testid="statement">
      <h4 id={headingId} className="text-sm font-semibold">
        {t('statement.title')}
      </h4>
      <div>{body}</div>
    </section>
  );
}
