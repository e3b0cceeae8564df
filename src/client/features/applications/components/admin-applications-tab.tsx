import { ClipboardListIcon, SearchIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { LoadMore } from '@/client/components/ui/load-more';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/client/components/ui/select';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/client/components/ui/table';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatDate } from '@/client/lib/format-date';
import { formatDateTime } from '@/client/lib/format-date-time';
import { useDebouncedValue } from '@/client/lib/use-debounced-value';
import { paths } from '@/shared/paths';
import { formatKesDecimal } from '@/shared/rules/money';
import { isStudyFull } from '@/shared/schemas/applications';
import { applicationStatuses, type ApplicationStatus } from '@/shared/schemas/options';
import { useAdminApplications, useAdminStudyOptions } from '../api/admin-get-applications';
import { AdminApplicationCards } from './admin-application-cards';
import { hours, participantName, StudyPlaces } from './admin-application-parts';
import { ApplicationActions } from './application-actions';
import { ApplicationStatusBadge } from '@/client/components/ui/application-status-badge';
import { applicationStatusLabel } from '@/client/lib/application-status';

const ALL = 'all';

/**
 * Admin dashboard, Applications tab (spec section 2; decisions.md section 6): every
 * application, filtered on the server by status, study and the participant's name,
 * e-mail or phone; the real pay rate; each study's places; the row actions.
 */
export function AdminApplicationsTab() {
  const [status, setStatus] = useState<ApplicationStatus | undefined>();
  const [testId, setTestId] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim());
  const list = useAdminApplications({ status, testId, search: debouncedSearch || undefined });
  const studies = useAdminStudyOptions();
  const searchId = useId();
  const statusId = useId();
  const studyId = useId();
  const filtered = Boolean(status || testId || debouncedSearch);

  function clearFilters() {
    setStatus(undefined);
    setTestId(undefined);
    setSearch('');
  }

  return (
    <section aria-labelledby="applications-heading" className="grid gap-4">
      <div>
        <h2 id="applications-heading" className="text-xl font-semibold">
          Applications
        </h2>
        <p className="text-sm text-muted-foreground">
          Move applicants along: screen, select, schedule, complete. Scheduling stops when a study’s
          places are taken.
        </p>
      </div>

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.5fr)] lg:items-end">
        <div className="grid gap-1.5 sm:col-span-2 lg:col-span-1">
          <Label htmlFor={searchId}>Search participants</Label>
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Name, e-mail or phone"
              maxLength={100}
              className="pl-9"
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={statusId}>Status</Label>
          <Select
            value={status ?? ALL}
            onValueChange={(value) =>
              setStatus(value === ALL ? undefined : (value as ApplicationStatus))
            }
          >
            <SelectTrigger id={statusId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All statuses</SelectItem>
              {applicationStatuses.map((value) => (
                <SelectItem key={value} value={value}>
                  {applicationStatusLabel(value)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={studyId}>Study</Label>
          <Select
            value={testId ?? ALL}
            onValueChange={(value) => setTestId(value === ALL ? undefined : value)}
            disabled={studies.isPending && !testId}
          >
            <SelectTrigger
              id={studyId}
              aria-describedby={studies.isError ? `${studyId}-error` : undefined}
            >
              <SelectValue placeholder={studies.isPending ? 'Loading studies…' : 'All studies'} />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All studies</SelectItem>
              {studies.data?.tests.map((study) => (
                <SelectItem key={study.id} value={study.id}>
                  {study.title}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {studies.isError && (
            <p id={`${studyId}-error`} className="text-xs text-destructive">
              The studies could not be loaded.{' '}
              <button
                type="button"
                className="underline underline-offset-2"
                onClick={() => void studies.refetch()}
              >
                Try again
              </button>
            </p>
          )}
        </div>
      </div>

      <ApplicationsList list={list} filtered={filtered} onClearFilters={clearFilters} />
    </section>
  );
}

function ApplicationsList({
  list,
  filtered,
  onClearFilters,
}: {
  list: ReturnType<typeof useAdminApplications>;
  filtered: boolean;
  onClearFilters: () => void;
}) {
  if (list.isPending) {
    return <LoadingList label="Loading applications…" count={5} itemClassName="h-12" />;
  }
  if (list.isError && list.items.length === 0) {
    return (
      <ErrorState
        title="We could not load the applications."
        message={errorMessageOf(list.error, 'Please try again.')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.items.length === 0) {
    return (
      <EmptyState icon={<ClipboardListIcon className="size-8" aria-hidden="true" />}>
        {filtered ? (
          <>
            <p role="status">No applications match these filters.</p>
            <Button variant="link" onClick={onClearFilters}>
              Clear filters
            </Button>
          </>
        ) : (
          <p>No applications yet. They appear here when participants apply to an active study.</p>
        )}
      </EmptyState>
    );
  }

  return (
    <div className="grid gap-3">
      {list.isError && (
        <ErrorState
          title="We could not refresh the applications."
          message={errorMessageOf(list.error, 'Please try again.')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      )}
      <AdminApplicationCards applications={list.items} busy={list.isFetching} />
      <div className="hidden sm:block">
        <Table aria-busy={list.isFetching}>
          <TableCaption className="sr-only">
            Applications, newest first, with each study’s places taken and the next steps.
          </TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Participant</TableHead>
              <TableHead>E-mail</TableHead>
              <TableHead>Study</TableHead>
              <TableHead className="text-right">Pay rate</TableHead>
              <TableHead>Duration</TableHead>
              <TableHead>Applied</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Places</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.items.map((application) => {
              const full = isStudyFull(application.test);
              const { test } = application;
              return (
                <TableRow key={application.id} data-application-id={application.id}>
                  <TableCell className="min-w-36 font-medium">
                    {participantName(application)}
                    {application.participant && (
                      <div className="text-xs font-normal text-muted-foreground">
                        {application.participant.phone}
                      </div>
                    )}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {application.participant ? (
                      <a
                        href={`mailto:${application.participant.email}`}
                        className="text-primary underline-offset-4 hover:underline"
                      >
                        {application.participant.email}
                      </a>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell className="min-w-40">
                    <Link
                      to={paths.adminStudy(test.id)}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {test.title}
                    </Link>
                    {test.company && (
                      <div className="text-xs text-muted-foreground">{test.company}</div>
                    )}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {formatKesDecimal(test.payRate)}
                    <span className="text-muted-foreground">/h</span>
                    <span className="sr-only"> per hour</span>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{hours(test.duration)}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    <time
                      dateTime={application.appliedAt}
                      title={formatDateTime(application.appliedAt) ?? undefined}
                    >
                      {formatDate(application.appliedAt)}
                    </time>
                  </TableCell>
                  <TableCell>
                    <ApplicationStatusBadge status={application.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    <StudyPlaces test={test} full={full} />
                  </TableCell>
                  <TableCell className="text-right">
                    <ApplicationActions application={application} full={full} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      <LoadMore
        shown={list.items.length}
        total={list.total}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        noun="applications"
      />
    </div>
  );
}
