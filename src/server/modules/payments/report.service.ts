import type { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { phoneDigits } from '../../lib/csv';
import { csvFromRows } from '../../lib/csv-export';
import { paymentReasonLabels } from '../../../shared/schemas/extra-payments';
import {
  EAT_OFFSET_MS,
  eatDayRange,
  payoutReportSectionLabels,
  payoutReportSections,
  type PayoutReport,
  type PayoutReportQuery,
  type PayoutReportSection,
  type PayoutReportSectionData,
} from '../../../shared/schemas/payout-report';
import { reportEntries, type ReportEntryRow } from './report.repo';

export const PAYOUT_REPORT_CSV_HEADER = [
  'Section',
  'At (EAT)',
  'Payment ID',
  'Participant',
  'Phone',
  'Study',
  'Reason',
  'Status',
  'Transaction ID',
  'Amount (KES)',
];

/** "2026-01-31 23:30:00": an instant as the EAT wall clock, as people in Nairobi read it. */
function eatClock(iso: string): string {
  return new Date(Date.parse(iso) + EAT_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

const nameOf = (r: ReportEntryRow) =>
  r.firstName !== null ? `${r.firstName} ${r.lastName ?? ''}`.trim() : null;

export function createPaymentReportService({ db }: { db: Db }) {
  /**
   * The reconciliation report of decisions.md section 11 for EAT days `from` to `to`
   * (both counted): each section's rows, count and exact sum, and the totals.
   */
  async function report(query: PayoutReportQuery): Promise<PayoutReport> {
    const rows = await reportEntries(db, eatDayRange(query.from, query.to));
    const sections = Object.fromEntries(
      payoutReportSections.map((s) => [s, { count: 0, amount: '0.00', rows: [] }]),
    ) as unknown as Record<PayoutReportSection, PayoutReportSectionData>;
    for (const r of rows) {
      const section = sections[r.section];
      section.count = r.sectionCount;
      section.amount = r.sectionAmount;
      section.rows.push({
        paymentId: r.paymentId,
        participantName: nameOf(r),
        phone: r.phone,
        testTitle: r.testTitle,
        reason: r.reason,
        amount: r.amount,
        status: r.status,
        transactionId: r.transactionId,
        at: r.at,
      });
    }
    return {
      from: query.from,
      to: query.to,
      sections,
      totals: {
        released: sections.released.amount,
        completed: sections.completed.amount,
        failed: sections.failed.amount,
        refunded: sections.refunded.amount,
      },
    };
  }

  return {
    report,

    /**
     * The same report as a spreadsheet: one line per section entry (its Section column
     * saying which), then one total line per section with its count and sum.
     */
    async reportCsv(query: PayoutReportQuery): Promise<{ filename: string; stream: Readable }> {
      const answer = await report(query);
      const lines: unknown[][] = [];
      for (const s of payoutReportSections) {
        for (const r of answer.sections[s].rows)
          lines.push([
            payoutReportSectionLabels[s],
            eatClock(r.at),
            r.paymentId,
            r.participantName ?? 'Deleted participant',
            r.phone ? phoneDigits(r.phone) : '',
            r.testTitle,
            paymentReasonLabels[r.reason],
            r.status,
            r.transactionId ?? '',
            r.amount,
          ]);
      }
      for (const s of payoutReportSections) {
        const { count, amount } = answer.sections[s];
        const label = `Total ${payoutReportSectionLabels[s].toLowerCase()}`;
        lines.push(
          [label, '', '', `${count} ${count === 1 ? 'payment' : 'payments'}`]
            .concat(Array(PAYOUT_REPORT_CSV_HEADER.length - 5).fill(''))
            .concat([amount]),
        );
      }
      return {
        filename: `payout-report-${query.from}-to-${query.to}.csv`,
        stream: csvFromRows(PAYOUT_REPORT_CSV_HEADER, lines),
      };
    },
  };
}
export type PaymentReportService = ReturnType<typeof createPaymentReportService>;
