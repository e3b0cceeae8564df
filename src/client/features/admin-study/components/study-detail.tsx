import {
  AlertCircleIcon,
  ArrowLeftIcon,
  BuildingIcon,
  CalendarIcon,
  DownloadIcon,
  FileQuestionIcon,
  Loader2Icon,
} from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { Skeleton } from '@/client/components/ui/skeleton';
import { StudyStatusBadge } from '@/client/components/domain/study-status-badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { toast } from '@/client/components/ui/use-toast';
import { adminTabHref } from '@/client/lib/admin-tabs';
import { getApiErrorDetails } from '@/client/lib/api';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatDate } from '@/client/lib/format-date';
import { pageTitle } from '@/client/lib/page-title';
import { formatKes, formatKesDecimal, studyPayCents } from '@/shared/rules/money';
import type { AdminApplication } from '@/shared/schemas/applications';
import { type ApplicationStatus, applicationStatuses } from '@/shared/schemas/options';
import type { Study } from '@/shared/schemas/studies';
import { useExportPayments } from '@/client/api/studies/export-payments';
import { useStudy } from '@/client/api/studies/get-study';
import { useStudyApplications } from '@/client/api/applications/get-applications';
import { type StudyFigures, studyFigures } from '../study-figures';
import { ApplicantsDialog, WAITING } from './applicants-dialog';
import {
  ApplicationTable,
  dateCell,
  type ExtraColumn,
  type RenderActions,
  type RenderStatus,
} from './application-table';
import { FullWarning, StudyStats } from './study-stats';

const backHref = adminTabHref('tests');

const statusNames: Record<ApplicationStatus, string> = {
  interested: 'Interested',
  screening: 'Screening',
  selected: 'Selected',
  scheduled: 'Scheduled',
  completed: 'Completed',
  declined: 'Declined',
  disqualified: 'Disqualified',
};

const plainStatus: RenderStatus = (application) => statusNames[application.status];

function BackToDashboard({ asButton = false }: { asButton?: boolean }) {
  return (
    <Button asChild variant={asButton ? 'default' : 'ghost'} size={asButton ? 'default' : 'sm'}>
      <Link to={backHref} className={asButton ? undefined : '-ml-3'}>
        <ArrowLeftIcon aria-hidden="true" />
        Back to Dashboard
      </Link>
    </Button>
  );
}

/** What went wrong loading the study, readable: a field message (bad id) or the server's words. */
function loadErrorMessage(error: unknown): string {
  const details = getApiErrorDetails(error);
  const field = Object.values(details.fieldErrors)[0];
  if (details.status !== undefined && details.status < 500 && field) return field;
  return errorMessageOf(error, error instanceof Error ? error.message : 'Unknown error');
}

const shell = 'mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10';

/**
 * /admin/test/{id} (spec section 2 "Admin test detail"): the study's header, budget
 * and capacity figures, a full-capacity warning, its applications by tab with the
 * row actions the page composes (`renderActions`), and the applicants dialog.
 */
export function StudyDetail({
  testId,
  renderActions,
  renderStatus = plainStatus,
}: {
  testId: string;
  /** The row actions of one application (composed by the page from the applications feature). */
  renderActions: RenderActions;
  /** The application's status badge (composed by the page); plain text without it. */
  renderStatus?: RenderStatus;
}) {
  const study = useStudy(testId);

  if (study.isPending) {
    return (
      <div className={shell} role="status">
        <title>{pageTitle('Loading test…')}</title>
        <span className="sr-only">Loading the test…</span>
        <Skeleton className="h-9 w-44" />
        <Skeleton className="h-10 w-80 max-w-full" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
        <Skeleton className="h-64 rounded-xl" />
      </div>
    );
  }

  if (study.isError) {
    const notFound = getApiErrorDetails(study.error).status === 404;
    return (
      <div className={shell}>
        <title>{pageTitle(notFound ? 'Test not found' : 'Error loading test')}</title>
        <div
          className="mx-auto grid max-w-lg justify-items-center gap-4 py-12 text-center"
          role={notFound ? undefined : 'alert'}
        >
          {notFound ? (
            <FileQuestionIcon className="size-12 text-muted-foreground" aria-hidden="true" />
          ) : (
            <AlertCircleIcon className="size-12 text-destructive" aria-hidden="true" />
          )}
          <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere">
            {notFound ? 'Test not found' : `Error loading test: ${loadErrorMessage(study.error)}`}
          </h1>
          <p className="text-muted-foreground">
            {notFound
              ? 'It may have been deleted, or the link is wrong.'
              : 'Check the link, or go back and open the test again.'}
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <BackToDashboard asButton />
            {!notFound && (
              <Button
                variant="outline"
                onClick={() => void study.refetch()}
                disabled={study.isFetching}
              >
                {study.isFetching ? 'Retrying…' : 'Try again'}
              </Button>
            )}
          </div>
        </div>
      </div>
    );
  }

  return <Loaded study={study.data} renderActions={renderActions} renderStatus={renderStatus} />;
}

function Loaded({
  study,
  renderActions,
  renderStatus,
}: {
  study: Study;
  renderActions: RenderActions;
  renderStatus: RenderStatus;
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
    <div className={shell}>
      <title>{pageTitle(`${study.title} · Test`)}</title>
      <div>
        <BackToDashboard />
      </div>

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
                {dateRange(study)}
              </span>
            </p>
          </div>
          {applications.data && (
            <ApplicantsDialog
              studyTitle={study.title}
              applicants={waiting}
              full={full}
              taken={figures?.taken ?? 0}
              maxParticipants={study.maxParticipants}
              renderActions={renderActions}
              renderStatus={renderStatus}
            />
          )}
        </div>
        <p className="rounded-lg bg-muted px-4 py-3 text-sm">
          <span className="font-semibold">{formatKes(paymentCents)} per participant</span> for{' '}
          {hours(study.duration)} at {formatKesDecimal(study.payRate)} per hour ·{' '}
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
        <TabsList
          aria-label="Test sections"
          className="h-auto w-full flex-wrap justify-start gap-1"
        >
          <TabsTrigger value="overview" className="flex-none">
            Overview
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
        </TabsList>

        <TabsContent value="overview">
          <Overview study={study} figures={figures} loading={applications.isPending} />
        </TabsContent>

        <TabsContent value="scheduled">
          <ApplicationsPanel
            state={applications}
            items={scheduled}
            empty="No one is scheduled yet. Schedule applicants from the Applicants dialog."
            caption="Scheduled participants"
            columns={[
              { header: 'Scheduled on', cell: (a) => dateCell(a.scheduledAt) },
              { header: 'Status', cell: renderStatus },
            ]}
            renderActions={renderActions}
            full={full}
          />
        </TabsContent>

        <TabsContent value="completed" className="grid grid-cols-1 gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">
              Each completed participant is paid {formatKes(paymentCents)}.
            </p>
            <ExportPaymentsButton testId={study.id} />
          </div>
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

        <TabsContent value="all">
          <ApplicationsPanel
            state={applications}
            items={list}
            empty="No applications yet. Participants can apply while the test is Active."
            caption="All applications to this test"
            columns={[
              { header: 'Status', cell: renderStatus },
              { header: 'Applied on', cell: (a) => dateCell(a.appliedAt) },
            ]}
            renderActions={renderActions}
            full={full}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function hours(n: number): string {
  return `${n} ${n === 1 ? 'hour' : 'hours'}`;
}

function dateRange(study: Pick<Study, 'startDate' | 'endDate'>): string {
  const start = formatDate(study.startDate);
  const end = formatDate(study.endDate);
  if (start && end) return `${start} – ${end}`;
  if (start) return `From ${start}`;
  if (end) return `Until ${end}`;
  return 'No dates set';
}

function ApplicationsPanel({
  state,
  items,
  empty,
  caption,
  columns,
  renderActions,
  full,
}: {
  state: { isPending: boolean; isError: boolean };
  items: readonly AdminApplication[];
  empty: string;
  caption: string;
  columns: readonly ExtraColumn[];
  renderActions: RenderActions;
  full: boolean;
}) {
  if (state.isPending)
    return <LoadingList label="Loading applications…" count={2} itemClassName="h-16" />;
  // The error and its retry are shown once, above the tabs.
  if (state.isError) return null;
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ApplicationTable
      caption={caption}
      applications={items}
      columns={columns}
      renderActions={renderActions}
      full={full}
    />
  );
}

function Overview({
  study,
  figures,
  loading,
}: {
  study: Study;
  figures: StudyFigures | undefined;
  loading: boolean;
}) {
  const pending = loading ? '…' : '—';
  const scheduledOwed = figures
    ? BigInt(figures.counts.scheduled) * figures.paymentCents
    : undefined;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle asChild className="text-lg">
            <h2>Status breakdown</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
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
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild className="text-lg">
            <h2>Financial summary</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-2 text-sm">
            <SummaryRow term="Pay rate">{formatKesDecimal(study.payRate)} per hour</SummaryRow>
            <SummaryRow term="Duration">{hours(study.duration)}</SummaryRow>
            <SummaryRow term="Payment per participant">
              {formatKes(studyPayCents(study.payRate, study.duration))}
            </SummaryRow>
            <SummaryRow term="Participants needed">{study.maxParticipants}</SummaryRow>
            <SummaryRow term="Total budget" strong>
              {formatKes(
                BigInt(study.maxParticipants) * studyPayCents(study.payRate, study.duration),
              )}
            </SummaryRow>
            <SummaryRow term="Paid out (completed)">
              {figures ? formatKes(figures.paidOutCents) : pending}
            </SummaryRow>
            <SummaryRow term="Due to scheduled participants">
              {scheduledOwed !== undefined ? formatKes(scheduledOwed) : pending}
            </SummaryRow>
            <SummaryRow term="Remaining" strong>
              {figures ? formatKes(figures.remainingCents) : pending}
            </SummaryRow>
          </dl>
        </CardContent>
      </Card>

      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle asChild className="text-lg">
            <h2>About this test</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm">
          <p className="whitespace-pre-line wrap-anywhere">{study.description}</p>
          {study.requirements && (
            <div>
              <h3 className="font-medium">Requirements</h3>
              <p className="mt-1 whitespace-pre-line text-muted-foreground wrap-anywhere">
                {study.requirements}
              </p>
            </div>
          )}
          {study.tags.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
              {study.tags.map((tag) => (
                <li key={tag} className="max-w-full">
                  <Badge variant="secondary" className="max-w-full truncate">
                    {tag}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
          <p className="text-muted-foreground">
            Created {formatDate(study.createdAt)} · last changed {formatDate(study.updatedAt)}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

function SummaryRow({
  term,
  strong = false,
  children,
}: {
  term: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`flex flex-wrap justify-between gap-x-4 border-b pb-2 last:border-0 ${strong ? 'font-semibold' : ''}`}
    >
      <dt className={strong ? undefined : 'text-muted-foreground'}>{term}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

function ExportPaymentsButton({ testId }: { testId: string }) {
  const exportList = useExportPayments(testId);
  async function run() {
    try {
      const name = await exportList.mutateAsync();
      toast({ title: 'Payment list exported', description: `Saved as ${name}.` });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Export failed',
        description: errorMessageOf(error, 'The payment list could not be exported.'),
      });
    }
  }
  return (
    <Button variant="outline" onClick={() => void run()} disabled={exportList.isPending}>
      {exportList.isPending ? (
        <Loader2Icon className="animate-spin" aria-hidden="true" />
      ) : (
        <DownloadIcon aria-hidden="true" />
      )}
      {exportList.isPending ? 'Exporting…' : 'Export Payment List'}
    </Button>
  );
}
