import { ClipboardListIcon } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { TableCell, TableRow } from '@/client/components/ui/table';
import { hoursLabel } from '@/client/lib/study-text';
import { CardsOrTable } from '@/client/components/layout/cards-or-table';
import { AdminTabSection } from '@/client/components/layout/admin-tab-section';
import { useListFilters } from '@/client/lib/use-list-filters';
import { APPLICATIONS_STUDY_PARAM } from '@/client/lib/admin-tabs';
import { formatKesDecimal } from '@/shared/rules/money';
import { isStudyFull } from '@/shared/rules/capacity';
import { applicationStatuses, type ApplicationStatus } from '@/shared/schemas/options';
import { useAdminApplications } from '@/client/api/applications/get-applications';
import { useAllStudies } from '@/client/api/studies/get-studies';
import { AdminApplicationCards } from './admin-application-cards';
import { participantName, StudyPlaces, StudyLink } from './admin-application-parts';
import { ApplicationActions } from './admin-application-actions';
import { ApplicationStatusBadge } from '@/client/components/domain/application-status-badge';
import {
  BookedSessionCell,
  ReliabilityLine,
} from '@/client/components/layout/admin-applicant-record';
import { FilterSelect, SearchField } from '@/client/components/ui/filter-controls';
import { applicationStatusLabel } from '@/client/lib/application-status';
import { PagedListView } from '@/client/components/ui/paged-list-view';
import { TimeStamp } from '@/client/components/ui/time-stamp';
import { ApplicantAnswers } from '@/client/components/layout/admin-applicant-answers';
import type { Study } from '@/shared/schemas/studies';

const statusOptions = applicationStatuses.map((value) => ({
  value,
  label: applicationStatusLabel(value),
}));

/**
 * Admin dashboard, Applications tab (spec section 2; decisions.md section 6): every
 * application, filtered on the server by status, study and the participant's name,
 * e-mail or phone; the real pay rate; each study's places; the row actions.
 */
export function AdminApplicationsTab() {
  // A study page links here with its study chosen (studyApplicationsHref).
  const [searchParams] = useSearchParams();
  const filters = useListFilters<{
    status: ApplicationStatus;
    testId: string;
    question: string;
    option: string;
  }>({ testId: searchParams.get(APPLICATIONS_STUDY_PARAM) ?? undefined });
  const { testId, question, option, ...selected } = filters.selected;
  const answer = question && option ? `${question}:${option}` : undefined;
  const list = useAdminApplications({
    ...selected,
    testId,
    search: filters.query.search,
    answer,
  });
  const studies = useAllStudies();
  const studyId = useId();
  const studyOptions = (studies.data?.tests ?? []).map((study) => ({
    value: study.id,
    label: study.title,
  }));
  const screeners = new Map((studies.data?.tests ?? []).map((s) => [s.id, s.screener]));
  // Answers are filtered by a choice: a question with options, then one of them.
  const choiceQuestions = (testId ? (screeners.get(testId) ?? []) : []).filter(
    (q) => (q.options?.length ?? 0) > 0,
  );
  const chosenQuestion = choiceQuestions.find((q) => q.id === question);

  return (
    <AdminTabSection
      id="applications-heading"
      title="Applications"
      description="Move applicants along: screen, select, schedule, complete. Scheduling stops when a study’s places are taken."
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.5fr)] lg:items-end">
        <SearchField
          label="Search participants"
          value={filters.search}
          onChange={filters.setSearch}
          placeholder="Name, e-mail or phone"
          className="sm:col-span-2 lg:col-span-1"
        />
        <FilterSelect
          label="Status"
          value={filters.selected.status}
          onChange={filters.select('status')}
          options={statusOptions}
          allLabel="All statuses"
        />
        <FilterSelect
          label="Study"
          value={testId}
          onChange={(next) => {
            filters.select('testId')(next);
            // Another study has other questions.
            filters.select('question')(undefined);
            filters.select('option')(undefined);
          }}
          options={studyOptions}
          allLabel="All studies"
          placeholder={studies.isPending ? 'Loading studies…' : 'All studies'}
          disabled={studies.isPending && !testId}
          describedBy={studies.isError ? `${studyId}-error` : undefined}
        >
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
        </FilterSelect>
      </div>
      {choiceQuestions.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2" data-testid="answer-filter">
          <FilterSelect
            label="Screener question"
            value={question}
            onChange={(next) => {
              filters.select('question')(next);
              filters.select('option')(undefined);
            }}
            options={choiceQuestions.map((q) => ({ value: q.id, label: q.text }))}
            allLabel="Any answers"
          />
          <FilterSelect
            label="Answer"
            value={option}
            onChange={filters.select('option')}
            options={(chosenQuestion?.options ?? []).map((o) => ({ value: o.id, label: o.label }))}
            allLabel="Any answer"
            disabled={!chosenQuestion}
            placeholder="Choose a question first"
          />
        </div>
      )}

      <ApplicationsList
        list={list}
        filtered={filters.filtered}
        onClearFilters={filters.clear}
        screeners={screeners}
        noMatchText={
          answer
            ? 'No applicant chose that answer (with these filters). Choose another answer, or clear the filters.'
            : undefined
        }
      />
    </AdminTabSection>
  );
}

function ApplicationsList({
  list,
  filtered,
  onClearFilters,
  screeners,
  noMatchText,
}: {
  noMatchText?: string | undefined;
  list: ReturnType<typeof useAdminApplications>;
  filtered: boolean;
  onClearFilters: () => void;
  /** Each study's screener, by its id: the answers are shown with the questions' words. */
  screeners: Map<string, Study['screener']>;
}) {
  return (
    <PagedListView
      list={list}
      noun="applications"
      icon={<ClipboardListIcon className="size-8" aria-hidden="true" />}
      emptyText="No applications yet. They appear here when participants apply to an active study."
      filtered={filtered}
      noMatchText={noMatchText}
      onClearFilters={onClearFilters}
      loadingCount={5}
    >
      <CardsOrTable
        cards={
          <AdminApplicationCards
            applications={list.items}
            busy={list.isFetching}
            screeners={screeners}
          />
        }
        busy={list.isFetching}
        caption="Applications, newest first, with each study’s places taken and the next steps."
        columns={[
          // The e-mail and phone under the name: the row then fits a laptop's width.
          { header: 'Participant' },
          { header: 'Study' },
          { header: 'Pay rate', className: 'text-right' },
          { header: 'Duration' },
          { header: 'Applied' },
          { header: 'Status' },
          { header: 'Places' },
          { header: 'Actions', className: 'text-right' },
        ]}
      >
        {list.items.map((application) => {
          const full = isStudyFull(application.test);
          const { test } = application;
          return (
            <TableRow key={application.id} data-application-id={application.id}>
              <TableCell className="min-w-52 font-medium">
                {participantName(application)}
                {application.participant && (
                  <>
                    <a
                      href={`mailto:${application.participant.email}`}
                      className="block text-xs font-normal wrap-anywhere text-primary underline-offset-4 hover:underline"
                    >
                      {application.participant.email}
                    </a>
                    <div className="text-xs font-normal text-muted-foreground">
                      {application.participant.phone}
                    </div>
                    <div className="mt-1 font-normal">
                      <ReliabilityLine application={application} />
                    </div>
                  </>
                )}
                <div className="mt-2 font-normal">
                  <ApplicantAnswers
                    answers={application.answers}
                    screener={screeners.get(test.id)}
                    disqualified={application.status === 'disqualified'}
                  />
                </div>
              </TableCell>
              <TableCell className="min-w-40">
                <StudyLink test={test} />
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {formatKesDecimal(test.payRate)}
                <span className="text-muted-foreground">/h</span>
                <span className="sr-only"> per hour</span>
              </TableCell>
              <TableCell className="whitespace-nowrap">{hoursLabel(test.duration)}</TableCell>
              <TableCell className="whitespace-nowrap">
                <TimeStamp value={application.appliedAt} />
              </TableCell>
              <TableCell>
                <div className="grid gap-1">
                  <ApplicationStatusBadge status={application.status} />
                  {application.session && (
                    <span className="text-xs text-muted-foreground">
                      <BookedSessionCell application={application} />
                    </span>
                  )}
                </div>
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
      </CardsOrTable>
    </PagedListView>
  );
}
