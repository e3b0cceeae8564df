import { Building2Icon, CheckCircle2Icon, UsersIcon, WalletIcon } from 'lucide-react';
import type * as React from 'react';
import { ErrorState } from '@/client/components/ui/list-states';
import { Skeleton } from '@/client/components/ui/skeleton';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatKesDecimal } from '@/shared/rules/money';
import type { Stats } from '@/shared/schemas/stats';
import { useAdminStats } from '@/client/api/stats/get-stats';
import { formatCount } from './trend-series';

type Figure = {
  key: string;
  label: string;
  icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  value: (stats: Stats) => string;
  note: string;
};

const figures: Figure[] = [
  {
    key: 'participants',
    label: 'Total Participants',
    icon: UsersIcon,
    value: (s) => formatCount(s.participantCount),
    note: 'Registered people',
  },
  {
    key: 'projects',
    label: 'Projects Completed',
    icon: CheckCircle2Icon,
    value: (s) => formatCount(s.projectsCompleted ?? 0),
    note: 'Studies marked completed',
  },
  {
    key: 'earnings',
    label: 'Total Earnings',
    icon: WalletIcon,
    value: (s) => formatKesDecimal(s.totalEarnings ?? '0'),
    note: 'Participant payments, refunds excluded',
  },
  {
    key: 'companies',
    label: 'Companies Served',
    icon: Building2Icon,
    value: (s) => formatCount(s.companiesServed),
    note: 'Distinct client companies',
  },
];

const grid = 'grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4';

/** The four figures of spec section 2, refreshed every 30 seconds (section 9). */
export function StatCards() {
  const stats = useAdminStats();

  if (stats.isPending) {
    return (
      <div role="status" className={grid}>
        <span className="sr-only">Loading the figures…</span>
        {figures.map((f) => (
          <Skeleton key={f.key} className="h-28 rounded-xl sm:h-[7.5rem]" aria-hidden="true" />
        ))}
      </div>
    );
  }
  if (stats.isError && !stats.data) {
    return (
      <ErrorState
        title="The figures could not be loaded"
        message={errorMessageOf(stats.error, 'Please try again.')}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />
    );
  }

  const data = stats.data;
  return (
    <div>
      <dl className={grid}>
        {figures.map(({ key, label, icon: Icon, value, note }) => (
          <div
            key={key}
            data-stat={key}
            className="flex min-w-0 flex-col gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
          >
            <dt className="flex items-start justify-between gap-2 text-sm font-medium text-muted-foreground">
              {label}
              <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
            </dt>
            <dd className="text-xl font-bold tracking-tight tabular-nums wrap-anywhere sm:text-3xl">
              {value(data)}
            </dd>
            <dd className="text-xs text-muted-foreground">{note}</dd>
          </div>
        ))}
      </dl>
      {stats.isError && (
        <p className="mt-2 text-sm text-muted-foreground" role="status">
          The figures could not be refreshed; showing the last ones loaded.
        </p>
      )}
    </div>
  );
}
