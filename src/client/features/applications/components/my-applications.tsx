import { ClipboardListIcon, FlaskConicalIcon } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { type ReactNode, useRef } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatDate } from '@/client/lib/format-date';
import { formatKes, studyPayCents, toCents } from '@/shared/rules/money';
import type { Application } from '@/shared/schemas/applications';
import { useApplications } from '@/client/api/applications/get-applications';
import { ApplicationStatusBadge } from '@/client/components/domain/application-status-badge';
import { useLanguage, useT } from '@/client/i18n/language';

/** What the page adds under an application (its session, its actions); `focusCard` moves the focus to the card. */
export type RenderApplicationExtra = (application: Application, focusCard: () => void) => ReactNode;

function ApplicationRow({
  application,
  renderExtra,
}: {
  application: Application;
  renderExtra?: RenderApplicationExtra | undefined;
}) {
  const { test } = application;
  const disqualified = application.status === 'disqualified';
  const titleId = `application-${application.id}-title`;
  const t = useT('dashboard');
  const language = useLanguage();
  const card = useRef<HTMLDivElement>(null);
  // After an action the buttons that had the focus may be gone: the card keeps it.
  const focusCard = () => requestAnimationFrame(() => card.current?.focus());
  return (
    <Card
      ref={card}
      role="article"
      aria-labelledby={titleId}
      tabIndex={-1}
      // Focused after an action: kept clear of the sticky header when scrolled to.
      className="scroll-mt-20 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <CardContent className="grid gap-1 pt-6">
        <div className="mb-1" data-testid="application-status">
          {disqualified ? (
            // Ruled out by the screener (or by staff): said kindly, never "rejected".
            <Badge variant="secondary" data-status="disqualified">
              {t('study.notMatched')}
            </Badge>
          ) : (
            <ApplicationStatusBadge status={application.status} />
          )}
        </div>
        <div className="grid gap-1">
          <h3 id={titleId} className="font-semibold wrap-anywhere">
            {test.title}
          </h3>
          {test.company && <p className="text-sm text-muted-foreground">{test.company}</p>}
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_auto]">
            <div className="flex gap-1">
              <dt className="text-muted-foreground">{t('application.applied')}</dt>
              <dd>{formatDate(application.appliedAt, language)}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-muted-foreground">{t('application.compensation')}</dt>
              <dd>
                <span className="font-medium">
                  {formatKes(studyPayCents(test.payRate, test.duration), language)}
                </span>{' '}
                <span className="text-muted-foreground">
                  {t('application.payBreakdown', {
                    rate: formatKes(toCents(test.payRate), language),
                    count: test.duration,
                  })}
                </span>
              </dd>
            </div>
          </dl>
          {disqualified && (
            <p className="mt-2 text-sm text-muted-foreground">{t('application.notMatched')}</p>
          )}
        </div>
        {renderExtra?.(application, focusCard)}
      </CardContent>
    </Card>
  );
}

/**
 * The participant's applications, newest first (spec section 2, "My Applications"). With
 * none yet, it says where applications come from and offers `onFindStudies` (the dashboard
 * opens Available Tests). `renderExtra` adds the page's parts under each (sessions).
 */
export function MyApplications({
  onFindStudies,
  renderExtra,
}: {
  onFindStudies: () => void;
  renderExtra?: RenderApplicationExtra;
}) {
  const applications = useApplications();
  const t = useT('dashboard');
  if (applications.isPending) {
    return <LoadingList label={t('applications.loading')} count={2} itemClassName="h-28" />;
  }
  if (applications.isError) {
    return (
      <ErrorState
        title={t('applications.error')}
        message={errorMessageOf(applications.error, t('tryAgain'))}
        onRetry={() => void applications.refetch()}
        retrying={applications.isFetching}
      />
    );
  }
  const list = applications.data.applications;
  if (list.length === 0) {
    return (
      <EmptyState icon={<ClipboardListIcon className="size-8" aria-hidden="true" />}>
        <p className="font-medium text-foreground">{t('applications.empty')}</p>
        <p className="mt-1">{t('applications.emptyNext')}</p>
        <Button className="mt-4" onClick={onFindStudies}>
          <FlaskConicalIcon aria-hidden="true" />
          {t('applications.findStudies')}
        </Button>
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-3">
      {list.map((application) => (
        <ApplicationRow key={application.id} application={application} renderExtra={renderExtra} />
      ))}
    </div>
  );
}
