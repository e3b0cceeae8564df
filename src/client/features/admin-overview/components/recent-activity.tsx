import { ArrowRightIcon, InboxIcon } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import type { AdminTab } from '@/client/lib/admin-tabs';
import { applicationStatusLabel, applicationStatusVariant } from '@/client/lib/application-status';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatRelativeTime } from '@/client/lib/format-relative-time';
import { useNow } from '@/client/lib/use-now';
import type { AdminApplication } from '@/shared/schemas/applications';
import {
  RECENT_APPLICATIONS,
  useRecentApplications,
} from '@/client/api/applications/get-applications';
import { TimeStamp } from '@/client/components/ui/time-stamp';

function personOf(application: AdminApplication): string {
  const p = application.participant;
  if (!p) return 'A deleted participant';
  return `${p.firstName} ${p.lastName}`.trim() || p.email;
}

/** Spec section 2: the 5 latest applications, newest first, with a way to all of them. */
export function RecentActivity({
  onOpenTab,
  className,
}: {
  onOpenTab: (tab: AdminTab) => void;
  className?: string;
}) {
  const recent = useRecentApplications();
  const now = useNow();

  return (
    <Card className={className}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 space-y-0">
        <div className="min-w-0">
          <CardTitle asChild>
            <h2 className="text-lg">Recent Activity</h2>
          </CardTitle>
          <CardDescription>The {RECENT_APPLICATIONS} latest applications</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => onOpenTab('applications')}>
          View all<span className="sr-only"> applications</span>
          <ArrowRightIcon aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent>
        {recent.isPending ? (
          <LoadingList label="Loading recent applications…" count={3} itemClassName="h-14" />
        ) : recent.isError && !recent.data ? (
          <ErrorState
            title="Recent applications could not be loaded"
            message={errorMessageOf(recent.error, 'Please try again.')}
            onRetry={() => void recent.refetch()}
            retrying={recent.isFetching}
          />
        ) : recent.data.length === 0 ? (
          <EmptyState icon={<InboxIcon className="size-8" aria-hidden="true" />}>
            No applications yet. They appear here as soon as participants apply to a study.
          </EmptyState>
        ) : (
          <ul className="divide-y" aria-label="Latest applications">
            {recent.data.map((application) => (
              <li
                key={application.id}
                className="flex flex-col gap-1.5 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              >
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere">{personOf(application)}</p>
                  <p className="text-sm text-muted-foreground wrap-anywhere">
                    applied to {application.test.title}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-3 sm:flex-col sm:items-end sm:gap-1">
                  <Badge
                    variant={applicationStatusVariant(application.status)}
                    data-status={application.status}
                  >
                    {applicationStatusLabel(application.status)}
                  </Badge>
                  <TimeStamp
                    value={application.appliedAt}
                    className="text-xs text-muted-foreground"
                  >
                    {formatRelativeTime(application.appliedAt, now)}
                  </TimeStamp>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
