import { BanknoteIcon } from 'lucide-react';
import { useRef, useState } from 'react';
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
import { usePayoutConfig } from '@/client/api/payouts/get-payout-config';
import { isStepUpCancelled, useStepUp } from '@/client/features/auth/step-up';
import { PayoutProgressPanel } from '@/client/components/layout/admin-payout-progress';
import { ReleasePayoutsDialog } from '@/client/components/layout/admin-payout-release-dialog';
import { PaymentActions, payeeOf } from './payment-actions';
import { PaymentReason } from './payment-reason';
import { PaymentCards } from './payment-cards';
import {
  type PaymentSelection,
  ReleaseBar,
  SelectPayment,
  usePaymentSelection,
} from './payment-selection';
import { PayoutState } from './payout-state';
import { RecentPayouts } from './recent-payouts';
import {
  PaymentStatusBadge,
  paymentStatusOptions,
} from '@/client/components/domain/payment-status-badge';
import { FilterSelect, SearchField } from '@/client/components/ui/filter-controls';
import { PagedListView } from '@/client/components/ui/paged-list-view';
import { TimeStamp } from '@/client/components/ui/time-stamp';

/** The payments a confirmation is about: taken when it opens, so a refresh cannot change them. */
type ReleaseTarget = { paymentIds: string[]; count: number };

const descriptions = {
  mpesa:
    'A payment is created when an application is completed. Tick the pending payments and release them: M-Pesa pays each participant, and the list follows.',
  manual:
    'A payment is created when an application is completed. Tick the pending payments and release them, pay them with the M-Pesa bulk file, then mark each paid with its M-Pesa code or bank reference.',
};

/**
 * Admin dashboard, Payments tab: what participants are owed and were paid (KES), with
 * totals, server-side filters, the moves of each payment, and releasing payouts
 * (decisions.md section 11): tick pending payments, confirm (with a second-factor code when
 * the server asks for one), then follow the payout.
 */
export function PaymentsTab() {
  const withStepUp = useStepUp();
  const filters = useListFilters<{ status: PaymentStatus }>();
  const list = usePayments(filters.query);
  const provider = usePayoutConfig().data?.provider;
  const selection = usePaymentSelection(list.items);
  const [release, setRelease] = useState<ReleaseTarget | null>(null);
  const [followed, setFollowed] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <AdminTabSection
      id="payments-heading"
      title="Payments"
      description={provider ? descriptions[provider] : descriptions.manual}
      headingRef={headingRef}
    >
      <PaymentTotalsCards
        totals={list.totals}
        loading={list.isPending}
        searched={Boolean(filters.searched)}
      />

      {followed && (
        <PayoutProgressPanel
          key={followed}
          payoutId={followed}
          onClose={() => {
            setFollowed(null);
            headingRef.current?.focus();
          }}
        />
      )}

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

      {list.items.length > 0 && (
        <ReleaseBar
          selection={selection}
          onRelease={() =>
            setRelease({
              paymentIds: selection.chosen.map((p) => p.id),
              count: selection.chosen.length,
            })
          }
        />
      )}

      <PaymentsList
        list={list}
        selection={selection}
        filtered={filters.filtered}
        onClearFilters={filters.clear}
      />

      <RecentPayouts />

      {release && (
        <ReleasePayoutsDialog
          open
          onOpenChange={(open) => !open && setRelease(null)}
          target={{ paymentIds: release.paymentIds }}
          scope={
            release.count === 1 ? 'the selected payment' : `the ${release.count} selected payments`
          }
          withStepUp={withStepUp}
          isStepUpCancelled={isStepUpCancelled}
          onReleased={(payout) => {
            selection.clear();
            setFollowed(payout.id);
          }}
        />
      )}
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
  selection,
  filtered,
  onClearFilters,
}: {
  list: ReturnType<typeof usePayments>;
  selection: PaymentSelection;
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
        cards={<PaymentCards payments={list.items} busy={list.isFetching} selection={selection} />}
        busy={list.isFetching}
        caption="Payments to participants, newest first."
        columns={[
          { header: 'Select', srOnly: true, className: 'w-10' },
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
            <TableCell className="w-10 align-top">
              <SelectPayment payment={payment} selection={selection} />
            </TableCell>
            <TableCell className="min-w-36">
              <div className="font-medium">{payeeOf(payment)}</div>
              {payment.participantEmail && (
                <div className="text-xs whitespace-nowrap text-muted-foreground">
                  {payment.participantEmail}
                </div>
              )}
            </TableCell>
            <TableCell className="min-w-32">{payment.testTitle}</TableCell>
            <TableCell className="text-right font-medium whitespace-nowrap tabular-nums">
              {formatKesDecimal(payment.amount)}
              <PaymentReason payment={payment} />
            </TableCell>
            <TableCell className="min-w-32">
              <PaymentStatusBadge status={payment.status} />
              <PayoutState payment={payment} className="max-w-56" />
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
