import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { ErrorState } from '@/client/components/ui/list-states';
import { Skeleton } from '@/client/components/ui/skeleton';
import type { AdminTab } from '@/client/lib/admin-tabs';
import { errorMessageOf } from '@/client/lib/error-message';
import { cn } from '@/client/lib/utils';
import type { StatsTrends } from '@/shared/schemas/stats';
import { useTrends } from '@/client/api/stats/get-trends';
import { ChartsBoundary } from './charts-boundary';
import { RecentActivity } from './recent-activity';
import { StatCards } from './stat-cards';

// recharts is heavy: the charts come in their own chunk, fetched while the data loads.
const loadCharts = () => import('./overview-charts');
const ApplicationsChart = lazy(() => loadCharts().then((m) => ({ default: m.ApplicationsChart })));
const ParticipantsChart = lazy(() => loadCharts().then((m) => ({ default: m.ParticipantsChart })));
const PaymentsChart = lazy(() => loadCharts().then((m) => ({ default: m.PaymentsChart })));

function ChartSkeleton({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cn('min-w-0', className)}>
      <span className="sr-only">{label}</span>
      <Skeleton className="h-[22rem] w-full rounded-xl" aria-hidden="true" />
    </div>
  );
}

/** One chart's place: a skeleton while its data or code loads, the error with a retry, or the chart. */
function ChartSlot({
  label,
  className,
  render,
}: {
  label: string;
  className?: string;
  render: (trends: StatsTrends) => ReactNode;
}) {
  const trends = useTrends();
  if (trends.isPending) return <ChartSkeleton label={`Loading ${label}…`} className={className} />;
  if (trends.isError && !trends.data) {
    return (
      <ErrorState
        className={cn('self-start', className)}
        title={`The ${label} could not be loaded`}
        message={errorMessageOf(trends.error, 'Please try again.')}
        onRetry={() => void trends.refetch()}
        retrying={trends.isFetching}
      />
    );
  }
  return (
    <ChartsBoundary className={className}>
      <Suspense fallback={<ChartSkeleton label={`Loading ${label}…`} className={className} />}>
        {render(trends.data)}
      </Suspense>
    </ChartsBoundary>
  );
}

/** The dashboard's first tab: key figures, the latest applications, money and weekly trends. */
export function OverviewTab({ onOpenTab }: { onOpenTab: (tab: AdminTab) => void }) {
  // Fetch the charts' code while their data loads, not after.
  useEffect(() => {
    void loadCharts();
  }, []);

  return (
    <div className="grid gap-6">
      <section aria-labelledby="overview-figures">
        <h2 id="overview-figures" className="sr-only">
          Key figures
        </h2>
        <StatCards />
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <RecentActivity onOpenTab={onOpenTab} className="min-w-0 lg:col-span-2" />
        <ChartSlot
          label="payments chart"
          render={(trends) => <PaymentsChart trends={trends} headingLevel="h2" />}
        />
      </div>

      <section aria-labelledby="overview-trends" className="grid gap-4">
        <div>
          <h2 id="overview-trends" className="text-xl font-semibold tracking-tight">
            Weekly trends
          </h2>
          <p className="text-sm text-muted-foreground">
            The last 12 weeks, Monday to Sunday (Nairobi time). Refreshed every 30 seconds.
          </p>
        </div>
        <ChartSlot
          label="weekly charts"
          render={(trends) => (
            <div className="grid gap-6 lg:grid-cols-2">
              <ApplicationsChart trends={trends} />
              <ParticipantsChart trends={trends} />
            </div>
          )}
        />
      </section>
    </div>
  );
}
