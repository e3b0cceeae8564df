import { DownloadIcon, FileSpreadsheetIcon, Loader2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import {
  type PayoutReportRange,
  useDownloadPayoutReport,
  usePayoutReport,
} from '@/client/api/payments/get-payout-report';
import { PaymentStatusBadge } from '@/client/components/domain/payment-status-badge';
import { AdminTabSection } from '@/client/components/layout/admin-tab-section';
import { CardsOrTable } from '@/client/components/layout/cards-or-table';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Form } from '@/client/components/ui/form';
import { TextField } from '@/client/components/ui/form-fields';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { PendingButton } from '@/client/components/ui/pending-button';
import { TableCell, TableRow } from '@/client/components/ui/table';
import { toast } from '@/client/components/ui/use-toast';
import { sessionStartText } from '@/client/lib/admin-session-time';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatKesExact } from '@/client/lib/format-kes-exact';
import { NO_VALUE } from '@/client/lib/no-value';
import { paymentCount } from '@/client/lib/payout-progress';
import { toastFailure } from '@/client/lib/toast-failure';
import { useZodForm } from '@/client/lib/use-zod-form';
import { paymentReasonLabels } from '@/shared/schemas/extra-payments';
import {
  type PayoutReport,
  type PayoutReportQuery,
  type PayoutReportSection,
  payoutReportQuerySchema,
  payoutReportSectionLabels,
  payoutReportSections,
  type PayoutReportSectionData,
  thisMonthInEat,
} from '@/shared/schemas/payout-report';

/** What each section holds, as the report's reader needs it said. */
const sectionHints: Record<PayoutReportSection, string> = {
  released: 'Sent for payout (moved to processing)',
  completed: 'Paid: completed (or refunded since)',
  failed: 'The payout failed',
  refunded: 'Paid, then refunded',
};

/**
 * Payments, Report (decisions.md section 11): for a range of days in EAT (both counted,
 * this month by default), the payments released, completed, failed and refunded, each
 * section with its count, exact total and rows, and the same as a CSV download. A payment
 * can be in several sections (released, then completed, in the same month).
 */
export function PayoutReportView() {
  const [range, setRange] = useState<PayoutReportRange>(() => thisMonthInEat(new Date()));
  const report = usePayoutReport(range, { enabled: true });
  const download = useDownloadPayoutReport();
  const form = useZodForm(payoutReportQuerySchema, range);

  async function downloadCsv() {
    try {
      const name = await download.mutateAsync(range);
      toast({ title: 'Report downloaded', description: `Saved as ${name}.` });
    } catch (error) {
      toastFailure('Download failed', error, 'The report could not be downloaded.');
    }
  }

  return (
    <AdminTabSection
      id="payout-report-heading"
      title="Payout report"
      description="Reconcile payouts for a range of days (EAT, both days counted): what was released, paid, failed and refunded. A payment can be in several sections."
      action={
        <PendingButton
          variant="outline"
          onClick={() => void downloadCsv()}
          pending={download.isPending}
          pendingLabel="Downloading…"
        >
          <DownloadIcon aria-hidden="true" />
          Download CSV
        </PendingButton>
      }
    >
      <Form {...form}>
        <form
          noValidate
          aria-label="Report range"
          onSubmit={(event) =>
            void form.handleSubmit((values: PayoutReportQuery) => setRange(values))(event)
          }
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <TextField control={form.control} name="from" label="From" type="date" required />
          <TextField control={form.control} name="to" label="To" type="date" required />
          <Button type="submit" className="sm:mt-[1.375rem]" disabled={report.isFetching}>
            {report.isFetching && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Show report
          </Button>
        </form>
      </Form>

      {report.isPending ? (
        <LoadingList label="Loading the report…" count={4} itemClassName="h-20" />
      ) : report.isError ? (
        <ErrorState
          title="The report could not be loaded."
          message={errorMessageOf(report.error, 'Please try again.')}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      ) : (
        <ReportBody report={report.data} busy={report.isFetching} />
      )}
    </AdminTabSection>
  );
}

function ReportBody({ report, busy }: { report: PayoutReport; busy: boolean }) {
  const empty = payoutReportSections.every((s) => report.sections[s].count === 0);
  return (
    <div
      className="grid gap-6"
      aria-busy={busy || undefined}
      data-report-range={`${report.from}..${report.to}`}
    >
      <p className="text-sm text-muted-foreground" role="status">
        {report.from === report.to
          ? `Payouts on ${report.from} (EAT).`
          : `Payouts from ${report.from} to ${report.to} (EAT).`}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        {payoutReportSections.map((s) => (
          <Card key={s} className="p-3 sm:p-4" data-report-total={s}>
            <dt className="text-xs font-medium text-muted-foreground sm:text-sm">
              {payoutReportSectionLabels[s]}
            </dt>
            <dd className="mt-1">
              <span className="block text-base font-bold whitespace-nowrap tabular-nums sm:text-2xl">
                {formatKesExact(report.totals[s])}
              </span>
              <span className="block text-xs text-muted-foreground">
                {paymentCount(report.sections[s].count)}
              </span>
            </dd>
          </Card>
        ))}
      </dl>
      {empty ? (
        <EmptyState icon={<FileSpreadsheetIcon className="size-8" aria-hidden="true" />}>
          No payment was released, paid, failed or refunded in this range.
        </EmptyState>
      ) : (
        payoutReportSections.map((s) => (
          <ReportSection key={s} section={s} data={report.sections[s]} busy={busy} />
        ))
      )}
    </div>
  );
}

function ReportSection({
  section,
  data,
  busy,
}: {
  section: PayoutReportSection;
  data: PayoutReportSectionData;
  busy: boolean;
}) {
  const headingId = useId();
  const label = payoutReportSectionLabels[section];
  return (
    <section aria-labelledby={headingId} className="grid gap-3" data-report-section={section}>
      <div>
        <h3 id={headingId} className="text-lg font-semibold">
          {label}: {paymentCount(data.count)}, {formatKesExact(data.amount)}
        </h3>
        <p className="text-sm text-muted-foreground">{sectionHints[section]}</p>
      </div>
      {data.count === 0 ? (
        <p className="text-sm text-muted-foreground">None in this range.</p>
      ) : (
        <CardsOrTable
          busy={busy}
          caption={`${label} payments, oldest first.`}
          cards={
            <ul className="grid gap-3 sm:hidden" aria-label={`${label} payments`}>
              {data.rows.map((row) => (
                <li key={row.paymentId} className="rounded-lg border p-4 text-sm">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-medium wrap-anywhere">
                        {row.participantName ?? 'Deleted participant'}
                      </p>
                      <p className="text-muted-foreground wrap-anywhere">{row.testTitle}</p>
                    </div>
                    <p className="shrink-0 text-right font-semibold whitespace-nowrap tabular-nums">
                      {formatKesExact(row.amount)}
                      <span className="block text-xs font-normal text-muted-foreground">
                        {paymentReasonLabels[row.reason]}
                      </span>
                    </p>
                  </div>
                  <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
                    <PaymentStatusBadge status={row.status} />
                    <span>{sessionStartText(row.at)}</span>
                  </div>
                  <p className="mt-1 text-muted-foreground wrap-anywhere">
                    {row.phone ?? NO_VALUE} · {row.transactionId ?? 'No reference'}
                  </p>
                </li>
              ))}
            </ul>
          }
          columns={[
            { header: 'When (EAT)' },
            { header: 'Participant' },
            { header: 'Study' },
            { header: 'Reason' },
            { header: 'Status now' },
            { header: 'Reference' },
            { header: 'Amount', className: 'text-right' },
          ]}
        >
          {data.rows.map((row) => (
            <TableRow key={row.paymentId} data-report-row={row.paymentId}>
              <TableCell className="whitespace-nowrap">{sessionStartText(row.at)}</TableCell>
              <TableCell className="min-w-36">
                <div className="font-medium">{row.participantName ?? 'Deleted participant'}</div>
                <div className="text-xs whitespace-nowrap text-muted-foreground">
                  {row.phone ?? NO_VALUE}
                </div>
              </TableCell>
              <TableCell className="min-w-40">{row.testTitle}</TableCell>
              <TableCell className="whitespace-nowrap">{paymentReasonLabels[row.reason]}</TableCell>
              <TableCell>
                <PaymentStatusBadge status={row.status} />
              </TableCell>
              <TableCell className="font-mono text-xs whitespace-nowrap">
                {row.transactionId ?? NO_VALUE}
              </TableCell>
              <TableCell className="text-right font-medium whitespace-nowrap tabular-nums">
                {formatKesExact(row.amount)}
              </TableCell>
            </TableRow>
          ))}
        </CardsOrTable>
      )}
    </section>
  );
}
