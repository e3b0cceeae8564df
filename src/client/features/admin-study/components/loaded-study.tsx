import { BuildingIcon, CalendarIcon } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useStudyApplications } from '@/client/api/applications/get-applications';
import { hoursLabel, studyDateRange } from '@/client/lib/study-text';
import { StudyStatusBadge } from '@/client/components/domain/study-status-badge';
import { ErrorState } from '@/client/components/ui/list-states';
import { Tabs, TabsContent, TabsTrigger } from '@/client/components/ui/tabs';
import { AdminTabStrip } from '@/client/components/layout/admin-tab-strip';
import { errorMessageOf } from '@/client/lib/error-message';
import { studyApplicationsHref } from '@/client/lib/admin-tabs';
import { pageTitle } from '@/client/lib/page-title';
import { formatKes, formatKesDecimal, studyPayCents } from '@/shared/rules/money';
import type { AdminApplication } from '@/shared/schemas/applications';
import type { ApplicationStatus } from '@/shared/schemas/options';
import { ApplicantAnswers } from '@/client/components/layout/admin-applicant-answers';
import type { Study } from '@/shared/schemas/studies';
import { studyFigures } from '../study-figures';
import { ApplicantsDialog, WAITING } from './applicants-dialog';
import { dateCell, type RenderActions, type RenderStatus } from './application-table';
import { BookedSessionCell } from '@/client/components/layout/admin-applicant-record';
import { ApplicationsPanel } from './applications-panel';
import { BackToDashboard } from './back-to-dashboard';
import { EditStudyDialog } from './edit-study-dialog';
import { InviteDialog } from './invite-dialog';
import { SessionsSection } from './sessions-section';
import { StudyPayouts } from './study-payouts';
import { FullWarning, StudyStats } from './study-stats';
import { StudyOverview } from './study-overview';
import { studyPageShell } from './study-text';

/** The study page once the study is loaded: header, figures, and its applications by tab. */
export function LoadedStudy({
  study,
  renderActions,
  renderStatus,
  notice,
}: {
  study: Study;
  renderActions: RenderActions;
  renderStatus: RenderStatus;
  notice?: ReactNode;
}) {
  const applications = useStudyApplications(study.id);
  const [tab, setTab] = useState('overview');
  const list = useMemo(() => applications.data ?? [], [applications.data]);
  const figures = useMemo(
    () => (applications.data ? studyFigures(study, applications.data) : undefined),
    [study, applications.data],
  );
  const paymentCents = studyPayCents(study.payRate, study.duration);
  const budgetCents = BigInt(study.maxParticipants) * paymentCents;
  const full = figures?.full ?? false;

  const byStatus = (statuses: readonly ApplicationStatus[]) =>
    list.filter((application) => statuses.includes(application.status));
  const scheduled = byStatus(['scheduled']);
  const completed = byStatus(['completed']);
  const waiting = byStatus(WAITING);

  return (
    <div className={studyPageShell}>
      <title>{pageTitle(`${study.title} · Test`)}</title>
      <div>
        <BackToDashboard />
      </div>
      {notice}

      <header className="grid gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">{study.title}</h1>
              <StudyStatusBadge status={study.status} className="text-sm" />
            </div>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
              {study.company && (
                <span className="flex items-center gap-1.5 wrap-anywhere">
                  <BuildingIcon className="size-4 shrink-0" aria-hidden="true" />
                  <span className="sr-only">Company: </span>
                  {study.company}
                </span>
              )}
              <span className="flex items-center gap-1.5">
                <CalendarIcon className="size-4 shrink-0" aria-hidden="true" />
                {studyDateRange(study)}
              </span>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <EditStudyDialog study={study} />
            <InviteDialog study={study} />
            {applications.data && (
              <ApplicantsDialog
                studyTitle={study.title}
                applicants={waiting}
                full={full}
                taken={figures?.taken ?? 0}
                maxParticipants={study.maxParticipants}
                renderActions={renderActions}
                renderStatus={renderStatus}
                screener={study.screener}
              />
            )}
          </div>
        </div>
        <p className="rounded-lg bg-muted px-4 py-3 text-sm">
          <span className="font-semibold">{formatKes(paymentCents)} per participant</span> for{' '}
          {hoursLabel(study.duration)} at {formatKesDecimal(study.payRate)} per hour ·{' '}
          {study.maxParticipants} {study.maxParticipants === 1 ? 'place' : 'places'} · budget{' '}
          <span className="font-semibold">{formatKes(budgetCents)}</span>
        </p>
      </header>

      {figures?.full && (
        <FullWarning
          scheduled={figures.counts.scheduled}
          completed={figures.counts.completed}
          maxParticipants={study.maxParticipants}
        />
      )}

      <StudyStats
        study={study}
        figures={figures}
        failed={applications.isError}
        budgetCents={budgetCents}
      />

      {applications.isError && (
        <ErrorState
          title="The applications of this test could not be loaded."
          message={errorMessageOf(applications.error, 'Please try again.')}
          onRetry={() => void applications.refetch()}
          retrying={applications.isFetching}
        />
      )}

      <Tabs value={tab} onValueChange={setTab}>
        <AdminTabStrip label="Test sections" value={tab}>
          <TabsTrigger value="overview" className="flex-none">
            Overview
          </TabsTrigger>
          <TabsTrigger value="sessions" className="flex-none">
            Sessions
          </TabsTrigger>
          <TabsTrigger value="scheduled" className="flex-none">
            Scheduled{applications.data && ` (${scheduled.length})`}
          </TabsTrigger>
          <TabsTrigger value="completed" className="flex-none">
            Completed{applications.data && ` (${completed.length})`}
          </TabsTrigger>
          <TabsTrigger value="all" className="flex-none">
            All Applications{applications.data && ` (${list.length})`}
          </TabsTrigger>
        </AdminTabStrip>

        <TabsContent value="overview">
          <StudyOverview
            study={study}
            figures={figures}
            loading={applications.isPending}
            paymentCents={paymentCents}
            budgetCents={budgetCents}
          />
        </TabsContent>

        <TabsContent value="sessions">
          <SessionsSection
            study={study}
            applications={{ items: list, loading: applications.isPending }}
          />
        </TabsContent>

        <TabsContent value="scheduled">
          <ApplicationsPanel
            state={applications}
            items={scheduled}
            empty="No one is scheduled yet. Schedule applicants, or book them into a session, from the Applicants dialog."
            caption="Scheduled participants"
            columns={[
              {
                header: 'Session',
                cell: (a) => <BookedSessionCell application={a} />,
                wide: true,
              },
              { header: 'Scheduled on', cell: (a) => dateCell(a.scheduledAt) },
              { header: 'Status', cell: renderStatus },
            ]}
            renderActions={renderActions}
            full={full}
          />
        </TabsContent>

        <TabsContent value="completed" className="grid grid-cols-1 gap-4">
          <StudyPayouts study={study} paymentCents={paymentCents} />
          <ApplicationsPanel
            state={applications}
            items={completed}
            empty="No one has completed this test yet."
            caption="Completed participants and their payment"
            columns={[
              {
                header: 'Hours worked',
                cell: (a) => a.hoursWorked ?? String(study.duration),
                className: 'tabular-nums',
              },
              {
                header: 'Payment',
                cell: () => formatKes(paymentCents),
                className: 'whitespace-nowrap tabular-nums',
              },
              { header: 'Completed on', cell: (a) => dateCell(a.completedAt) },
            ]}
            renderActions={renderActions}
            full={full}
          />
        </TabsContent>

        <TabsContent value="all" className="grid grid-cols-1 gap-3">
          {study.screener.some((q) => (q.options?.length ?? 0) > 0) && list.length > 0 && (
            <p className="text-sm">
              <Link
                to={studyApplicationsHref(study.id)}
                className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                Filter these applicants by their answers
              </Link>
            </p>
          )}
          <ApplicationsPanel
            state={applications}
            items={list}
            empty="No applications yet. Participants can apply while the test is Active."
            caption="All applications to this test"
            columns={[
              { header: 'Status', cell: renderStatus },
              { header: 'Applied on', cell: (a) => dateCell(a.appliedAt) },
              ...(study.screener.length > 0
                ? [
                    {
                      header: 'Answers',
                      cell: (a: AdminApplication) => (
                        <ApplicantAnswers
                          answers={a.answers}
                          screener={study.screener}
                          disqualified={a.status === 'disqualified'}
                        />
                      ),
                      className: 'min-w-56',
                      wide: true,
                    },
                  ]
                : []),
            ]}
            renderActions={renderActions}
            full={full}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
