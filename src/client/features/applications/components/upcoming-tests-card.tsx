import { CalendarCheckIcon } from 'lucide-react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatDate } from '@/client/lib/format-date';
import { useApplications } from '@/client/api/applications/get-applications';

/** The applications with status scheduled (spec section 2, "Upcoming Tests"). */
export function UpcomingTestsCard() {
  const applications = useApplications();

  let body;
  if (applications.isPending) {
    body = <LoadingList label="Loading upcoming tests…" count={1} itemClassName="h-14" />;
  } else if (applications.isError) {
    body = (
      <ErrorState
        title="We could not load your upcoming tests."
        message={errorMessageOf(applications.error, 'Please try again.')}
        onRetry={() => void applications.refetch()}
        retrying={applications.isFetching}
      />
    );
  } else {
    const scheduled = applications.data.applications.filter((a) => a.status === 'scheduled');
    body =
      scheduled.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No tests scheduled yet. When a study team schedules you, it shows here.
        </p>
      ) : (
        <ul className="grid gap-3">
          {scheduled.map((application) => {
            const when =
              formatDate(application.test.startDate) ?? formatDate(application.scheduledAt);
            return (
              <li key={application.id} className="rounded-lg border p-3">
                <p className="font-medium wrap-anywhere">{application.test.title}</p>
                <p className="text-sm text-muted-foreground">
                  {when ? `Starts ${when}` : 'Date to be confirmed'} · {application.test.duration}{' '}
                  {application.test.duration === 1 ? 'hour' : 'hours'}
                </p>
              </li>
            );
          })}
        </ul>
      );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild className="flex items-center gap-2 text-lg">
          <h3>
            <CalendarCheckIcon className="size-5 text-primary" aria-hidden="true" />
            Upcoming Tests
          </h3>
        </CardTitle>
        <CardDescription>Studies you are scheduled to take part in.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
