import { ClipboardListIcon } from 'lucide-react';
import { Card, CardContent } from '@/client/components/ui/card';
import { hoursLabel } from '@/client/lib/study-text';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatDate } from '@/client/lib/format-date';
import { formatKes, formatKesDecimal, studyPayCents } from '@/shared/rules/money';
import type { Application } from '@/shared/schemas/applications';
import { useApplications } from '@/client/api/applications/get-applications';
import { ApplicationStatusBadge } from '@/client/components/domain/application-status-badge';

function ApplicationRow({ application }: { application: Application }) {
  const { test } = application;
  const titleId = `application-${application.id}-title`;
  return (
    <Card role="article" aria-labelledby={titleId}>
      <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <h3 id={titleId} className="font-semibold wrap-anywhere">
            {test.title}
          </h3>
          {test.company && <p className="text-sm text-muted-foreground">{test.company}</p>}
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_auto]">
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Applied:</dt>
              <dd>{formatDate(application.appliedAt)}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Compensation:</dt>
              <dd>
                <span className="font-medium">
                  {formatKes(studyPayCents(test.payRate, test.duration))}
                </span>{' '}
                <span className="text-muted-foreground">
                  ({formatKesDecimal(test.payRate)}/hour × {hoursLabel(test.duration)})
                </span>
              </dd>
            </div>
          </dl>
        </div>
        <ApplicationStatusBadge status={application.status} />
      </CardContent>
    </Card>
  );
}

/** The participant's applications, newest first (spec section 2, "My Applications"). */
export function MyApplications() {
  const applications = useApplications();
  if (applications.isPending) {
    return <LoadingList label="Loading your applications…" count={2} itemClassName="h-28" />;
  }
  if (applications.isError) {
    return (
      <ErrorState
        title="We could not load your applications."
        message={errorMessageOf(applications.error, 'Please try again.')}
        onRetry={() => void applications.refetch()}
        retrying={applications.isFetching}
      />
    );
  }
  const list = applications.data.applications;
  if (list.length === 0) {
    return (
      <EmptyState icon={<ClipboardListIcon className="size-8" aria-hidden="true" />}>
        <p>You haven&apos;t applied to any tests yet.</p>
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-3">
      {list.map((application) => (
        <ApplicationRow key={application.id} application={application} />
      ))}
    </div>
  );
}
