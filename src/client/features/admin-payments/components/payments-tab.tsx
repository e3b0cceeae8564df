import { BanknoteIcon } from 'lucide-react';
import { NO_VALUE } from '@/client/lib/no-value';
import { Card } from '@/client/components/ui/card';
import { AdminTabSection } from '@/client/components/layout/admin-tab-section';
import { CardsOrTable } from '@/client/components/layout/cards-or-table';
import { Skeleton } from '@/client/components/ui/skeleton';
import { TableCell, TableRow } from '@/client/components/ui/table';
import { useListFilters } from '@/client/lib/use-list-filters';
import { formatKesDecimal } from '@/shared/rules/money';
import type { PaymentStatus } from '@/shared/schemas/options';
import type { PaymentTotals } from '@/shared/schemas/payments';
import { usePayments } from '@/client/api/payments/get-payments';
import { PaymentActions, payeeOf } from './payment-actions';
import { PaymentReason } from './payment-reason';
import { PaymentCards } from './payment-cards';
import {
  PaymentStatusBadge,
  paymentStatusOptions,
} from '@/client/components/domain/payment-status-badge';
import { FilterSelect, SearchField } from '@/client/components/ui/filter-controls';
import { PagedListView } from '@/client/components/ui/paged-list-view';
import { TimeStamp } from '@/client/components/ui/time-stamp';

/**
 * Admin dashboard, Payments tab: what participants are owed and were paid (KES),
 * with totals, server-side filters, and the moves of each payment.
 */
export function PaymentsTab() {
  const filters = useListFilters<{ status: PaymentStatus }>();
  const list = usePayments(filters.query);

  return (
    <AdminTabSection
      id="payments-heading"
      title="Payments"
      description="A payment is created when an application is completed. Process it, then mark it paid with the M-Pesa code or bank reference."
    >
      <PaymentTotalsCards
        totals={list.totals}
        loading={list.isPending}
        searched={Boolean(filters.searched)}
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchField
          label="Search payments"
          value={filters.search}
          onChange={filters.setSearch}
          placeholder="Name, e-mail, phone or full reference"
          className="flex-1"
        />
        <FilterSelect
          label="Status"
          value={filters.selected.status}
          onChange={filters.select('status')}
          options={paymentStatusOptions}
          allLabel="All statuses"
          className="sm:w-48"
        />
      </div>

      <PaymentsList list={list} filtered={filters.filtered} onClearFilters={filters.clear} />
    </AdminTabSection>
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
                <span className="text-base font-bold sm:text-2xl">{NO_VALUE}</span>
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
  return (
    <PagedListView
      list={list}
      noun="payments"
      icon={<BanknoteIcon className="size-8" aria-hidden="true" />}
      emptyText="No payments yet. One is created each time an application is completed."
      filtered={filtered}
      onClearFilters={onClearFilters}
    >
      <CardsOrTable
        cards={<PaymentCards payments={list.items} busy={list.isFetching} />}
        busy={list.isFetching}
        caption="Payments to participants, newest first."
        columns={[
          { header: 'Participant' },
          { header: 'Study' },
          { header: 'Amount', className: 'text-right' },
          { header: 'Status' },
          { header: 'Method' },
          { header: 'Reference' },
          { header: 'Created' },
          { header: 'Paid' },
          { header: 'Actions', className: 'text-right' },
        ]}
      >
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
              <PaymentReason payment={payment} />
            </TableCell>
            <TableCell>
              <PaymentStatusBadge status={payment.status} />
              {payment.status === 'failed' && payment.failureReason && (
                <div className="mt-1 max-w-48 text-xs text-muted-foreground">
                  {payment.failureReason}
                </div>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">{payment.paymentMethod ?? NO_VALUE}</TableCell>
            <TableCell className="font-mono text-xs whitespace-nowrap">
              {payment.transactionId ?? NO_VALUE}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <TimeStamp value={payment.createdAt} />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {payment.processedAt ? <TimeStamp value={payment.processedAt} /> : NO_VALUE}
            </TableCell>
            <TableCell className="text-right">
              <PaymentActions payment={payment} />
            </TableCell>
          </TableRow>
        ))}
      </CardsOrTable>
    </PagedListView>
  );
}
