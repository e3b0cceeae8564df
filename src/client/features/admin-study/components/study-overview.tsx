import { StudyTags } from '@/client/components/domain/study-tags';
import { NO_VALUE } from '@/client/lib/no-value';
import { TitledCard } from '@/client/components/ui/titled-card';
import { hoursLabel } from '@/client/lib/study-text';
import { LoadingList } from '@/client/components/ui/list-states';
import { formatDate } from '@/client/lib/format-date';
import { formatKes, formatKesDecimal } from '@/shared/rules/money';
import { applicationStatuses } from '@/shared/schemas/options';
import type { Study } from '@/shared/schemas/studies';
import type { StudyFigures } from '../study-figures';
import { statusNames } from './study-text';
import { SummaryRow } from './summary-row';

/** The Overview tab: status breakdown, financial summary and the study's description. */
export function StudyOverview({
  study,
  figures,
  loading,
  paymentCents,
  budgetCents,
}: {
  study: Study;
  figures: StudyFigures | undefined;
  loading: boolean;
  paymentCents: bigint;
  budgetCents: bigint;
}) {
  const pending = loading ? '…' : NO_VALUE;
  const scheduledOwed = figures
    ? BigInt(figures.counts.scheduled) * figures.paymentCents
    : undefined;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TitledCard title="Status breakdown">
        {figures ? (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-3 xl:grid-cols-4">
            {applicationStatuses.map((status) => (
              <div key={status} className="rounded-lg border p-3">
                <dt className="text-xs text-muted-foreground">{statusNames[status]}</dt>
                <dd className="text-xl font-semibold tabular-nums">{figures.counts[status]}</dd>
              </div>
            ))}
          </dl>
        ) : loading ? (
          <LoadingList label="Loading the status breakdown…" count={2} itemClassName="h-14" />
        ) : (
          <p className="text-sm text-muted-foreground">Not available.</p>
        )}
      </TitledCard>

      <TitledCard title="Financial summary">
        <dl className="grid gap-2 text-sm">
          <SummaryRow term="Pay rate">{formatKesDecimal(study.payRate)} per hour</SummaryRow>
          <SummaryRow term="Duration">{hoursLabel(study.duration)}</SummaryRow>
          <SummaryRow term="Payment per participant">{formatKes(paymentCents)}</SummaryRow>
          <SummaryRow term="Participants needed">{study.maxParticipants}</SummaryRow>
          <SummaryRow term="Total budget" strong>
            {formatKes(budgetCents)}
          </SummaryRow>
          <SummaryRow term="Paid out (payments marked paid)">
            {figures ? formatKes(figures.paidOutCents) : pending}
          </SummaryRow>
          <SummaryRow term="Owed to completed participants (not yet paid)">
            {figures ? formatKes(figures.owedCents) : pending}
          </SummaryRow>
          <SummaryRow term="Due to scheduled participants">
            {scheduledOwed !== undefined ? formatKes(scheduledOwed) : pending}
          </SummaryRow>
          <SummaryRow term="Remaining" strong>
            {figures ? formatKes(figures.remainingCents) : pending}
          </SummaryRow>
        </dl>
      </TitledCard>

      <TitledCard
        title="About this test"
        className="lg:col-span-2"
        contentClassName="grid gap-4 text-sm"
      >
        <p className="whitespace-pre-line wrap-anywhere">{study.description}</p>
        {study.requirements && (
          <div>
            <h3 className="font-medium">Requirements</h3>
            <p className="mt-1 whitespace-pre-line text-muted-foreground wrap-anywhere">
              {study.requirements}
            </p>
          </div>
        )}
        <StudyTags tags={study.tags} truncate />
        <p className="text-muted-foreground">
          Created {formatDate(study.createdAt)} · last changed {formatDate(study.updatedAt)}
        </p>
      </TitledCard>
    </div>
  );
}
