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
import { sessionTimes } from '@/client/lib/format-session-time';
import { useApplications } from '@/client/api/applications/get-applications';
import { useLanguage, useT } from '@/client/i18n/language';

/** The applications with status scheduled (spec section 2, "Upcoming Tests"). */
export function UpcomingTestsCard() {
  const applications = useApplications();
  const t = useT('dashboard');
  const language = useLanguage();

  let body;
  if (applications.isPending) {
    body = <LoadingList label={t('upcoming.loading')} count={1} itemClassName="h-14" />;
  } else if (applications.isError) {
    body = (
      <ErrorState
        title={t('upcoming.error')}
        message={errorMessageOf(applications.error, t('tryAgain'))}
        onRetry={() => void applications.refetch()}
        retrying={applications.isFetching}
      />
    );
  } else {
    const scheduled = applications.data.applications.filter((a) => a.status === 'scheduled');
    body =
      scheduled.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('upcoming.empty')}</p>
      ) : (
        <ul className="grid gap-3">
          {scheduled.map((application) => {
            const { session } = application;
            if (session) {
              return (
                <li key={application.id} className="rounded-lg border p-3">
                  <p className="font-medium wrap-anywhere">{application.test.title}</p>
                  <p className="text-sm text-muted-foreground">
                    {t(
                      'upcoming.session',
                      sessionTimes(session.startsAt, session.durationMinutes, language),
                    )}
                  </p>
                  <p className="text-sm text-muted-foreground wrap-anywhere">
                    {session.mode === 'in_person' ? session.location : t('booking.remote')}
                  </p>
                </li>
              );
            }
            const when =
              formatDate(application.test.startDate, language) ??
              formatDate(application.scheduledAt, language);
            const count = application.test.duration;
            return (
              <li key={application.id} className="rounded-lg border p-3">
                <p className="font-medium wrap-anywhere">{application.test.title}</p>
                <p className="text-sm text-muted-foreground">
                  {when
                    ? t('upcoming.starts', { date: when, count })
                    : t('upcoming.dateTbc', { count })}
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
            {t('upcoming.title')}
          </h3>
        </CardTitle>
        <CardDescription>{t('upcoming.description')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
