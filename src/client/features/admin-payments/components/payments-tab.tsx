import { BanknoteIcon, SearchIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { LoadMore } from '@/client/components/ui/load-more';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/client/components/ui/select';
import { Skeleton } from '@/client/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/client/components/ui/table';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatDate } from '@/client/lib/format-date';
import { formatDateTime } from '@/client/lib/format-date-time';
import { useDebouncedValue } from '@/client/lib/use-debounced-value';
import { formatKesDecimal } from '@/shared/rules/money';
import type { PaymentStatus } from '@/shared/schemas/options';
import type { PaymentTotals } from '@/shared/schemas/payments';
import { usePayments } from '../api/get-payments';
import { PaymentActions, payeeOf } from './payment-actions';
import { PaymentCards } from './payment-cards';
import { PaymentStatusBadge, paymentStatusOptions } from './payment-status-badge';

const ALL = 'all';

/**
 * Admin dashboard, Payments tab: what participants are owed and were paid (KES),
 * with totals, server-side filters, and the moves of each payment.
 */
export function PaymentsTab() {
  const [status, setStatus] = useState<PaymentStatus | undefined>();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim());
  const list = usePayments({ status, search: debouncedSearch || undefined });
  const searchId = useId();
  const statusId = useId();
  const filtered = Boolean(status || debouncedSearch);

  return (
    <section aria-labelledby="payments-heading" className="grid gap-4">
      <div>
        <h2 id="payments-heading" className="text-xl font-semibold">
          Payments
        </h2>
        <p className="text-sm text-muted-foreground">
          A payment is created when an application is completed. Process it, then mark it paid with
          the M-Pesa code or bank reference.
        </p>
      </div>

      <PaymentTotalsCards
        totals={list.totals}
        loading={list.isPending}
        searched={Boolean(debouncedSearch)}
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor={searchId}>Search payments</Label>
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Name, e-mail, phone or full reference"
              maxLength={100}
              className="pl-9"
            />
          </div>
        </div>
        <div className="grid gap-1.5 sm:w-48">
          <Label htmlFor={statusId}>Status</Label>
          <Select
            value={status ?? ALL}
            onValueChange={(value) =>
              setStatus(value === ALL ? undefined : (value as PaymentStatus))
            }
          >
            <SelectTrigger id={statusId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All statuses</SelectItem>
              {paymentStatusOptions.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      <PaymentsList
        list={list}
        filtered={filtered}
        onClearFilters={() => {
          setStatus(undefined);
          setSearch('');
        }}
      />
    </section>
  );
}

function PaymentTotalsCards({
  totals,
  loading,
  searched,
}: {
  totals: PaymentTotals | undefined;
  loading: boolean;
  searched: boolean;
}) {
  const cards = [
    { label: 'Owed', hint: 'Pending, processing or failed', value: totals?.pending },
    { label: 'Paid out', hint: 'Completed payments', value: totals?.paid },
    { label: 'Refunded', hint: 'Paid, then refunded', value: totals?.refunded },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3" aria-busy={loading}>
      {cards.map((card) => (
        <Card key={card.label} className="p-3 sm:p-4">
          <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{card.label}</dt>
          <dd className="mt-1">
            {card.value === undefined ? (
              loading ? (
                <Skeleton className="h-6 w-20 sm:h-8 sm:w-28" aria-hidden="true" />
              ) : (
                <span className="text-base font-bold sm:text-2xl">—</span>
              )
            ) : (
              <span
                className="text-base font-bold whitespace-nowrap tabular-nums sm:text-2xl"
                data-total={card.label}
              >
                {formatKesDecimal(card.value)}
              </span>
            )}
            <span className="mt-1 hidden text-xs text-muted-foreground sm:block">
              {card.hint}
              {searched ? ', matching the search' : ''}
            </span>
          </dd>
        </Card>
      ))}
    </dl>
  );
}

function PaymentsList({
  list,
  filtered,
  onClearFilters,
}: {
  list: ReturnType<typeof usePayments>;
  filtered: boolean;
  onClearFilters: () => void;
}) {
  if (list.isPending) {
    return <LoadingList label="Loading payments…" count={4} itemClassName="h-12" />;
  }
  if (list.isError && list.items.length === 0) {
    return (
      <ErrorState
        title="We could not load the payments."
        message={errorMessageOf(list.error, 'Please try again.')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.items.length === 0) {
    return (
      <EmptyState icon={<BanknoteIcon className="size-8" aria-hidden="true" />}>
        {filtered ? (
          <>
            <p role="status">No payments match these filters.</p>
            <Button variant="link" onClick={onClearFilters}>
              Clear filters
            </Button>
          </>
        ) : (
          <p>No payments yet. One is created each time an application is completed.</p>
        )}
      </EmptyState>
    );
  }

  return (
    <div className="grid gap-3">
      {list.isError && (
        <ErrorState
          title="We could not refresh the payments."
          message={errorMessageOf(list.error, 'Please try again.')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      )}
      <PaymentCards payments={list.items} busy={list.isFetching} />
      <div className="hidden sm:block">
        <Table aria-busy={list.isFetching}>
          <TableCaption className="sr-only">Payments to participants, newest first.</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Participant</TableHead>
              <TableHead>Study</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Method</TableHead>
              <TableHead>Reference</TableHead>
              <TableHead>Created</TableHead>
              <TableHead>Paid</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.items.map((payment) => (
              <TableRow key={payment.id} data-payment-id={payment.id}>
                <TableCell className="min-w-36">
                  <div className="font-medium">{payeeOf(payment)}</div>
                  {payment.participantEmail && (
                    <div className="text-xs whitespace-nowrap text-muted-foreground">
                      {payment.participantEmail}
                    </div>
                  )}
                </TableCell>
                <TableCell className="min-w-40">{payment.testTitle}</TableCell>
                <TableCell className="text-right font-medium whitespace-nowrap tabular-nums">
                  {formatKesDecimal(payment.amount)}
                </TableCell>
                <TableCell>
                  <PaymentStatusBadge status={payment.status} />
                  {payment.status === 'failed' && payment.failureReason && (
                    <div className="mt-1 max-w-48 text-xs text-muted-foreground">
                      {payment.failureReason}
                    </div>
                  )}
                </TableCell>
                <TableCell className="whitespace-nowrap">{payment.paymentMethod ?? '—'}</TableCell>
                <TableCell className="font-mono text-xs whitespace-nowrap">
                  {payment.transactionId ?? '—'}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <time
                    dateTime={payment.createdAt}
                    title={formatDateTime(payment.createdAt) ?? undefined}
                  >
                    {formatDate(payment.createdAt)}
                  </time>
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {payment.processedAt ? (
                    <time
                      dateTime={payment.processedAt}
                      title={formatDateTime(payment.processedAt) ?? undefined}
                    >
                      {formatDate(payment.processedAt)}
                    </time>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell className="text-right">
                  <PaymentActions payment={payment} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <LoadMore
        shown={list.items.length}
        total={list.total}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        noun="payments"
      />
    </div>
  );
}
