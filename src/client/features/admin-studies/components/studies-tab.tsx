import { FlaskConicalIcon } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { studyStatusOptions } from '@/client/components/domain/study-status-badge';
import { errorMessageOf } from '@/client/lib/error-message';
import type { Study } from '@/shared/schemas/studies';
import { useAllStudies } from '@/client/api/studies/get-studies';
import { AdminStudyCard } from './admin-study-card';
import { CreateStudyDialog } from './create-study-dialog';
import { FilterSelect, SearchField } from '@/client/components/ui/filter-controls';
import type { StudyStatus } from '@/shared/schemas/options';

function matches(study: Study, status: StudyStatus | undefined, words: string[]): boolean {
  if (status && study.status !== status) return false;
  if (words.length === 0) return true;
  const text = [study.title, study.company ?? '', ...study.tags].join(' ').toLowerCase();
  return words.every((word) => text.includes(word));
}

/**
 * The admin dashboard's Tests tab (spec section 2): every study whatever its status,
 * as a card with a status selector, delete and a link to its page; a "Create test"
 * dialog; filters by status and by words of the title, company or tags.
 */
export function StudiesTab() {
  const studies = useAllStudies();
  const [status, setStatus] = useState<StudyStatus | undefined>();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);

  const all = useMemo(() => studies.data?.tests ?? [], [studies.data]);
  const shown = useMemo(() => {
    const words = deferredSearch.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return all.filter((study) => matches(study, status, words));
  }, [all, status, deferredSearch]);
  const filtered = status !== undefined || deferredSearch.trim() !== '';

  return (
    <section aria-labelledby="tests-heading" className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="tests-heading" className="text-2xl font-semibold tracking-tight">
            Tests
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Research tests of every status. Only active tests take applications.
          </p>
        </div>
        <CreateStudyDialog />
      </div>

      {studies.isPending ? (
        <LoadingList
          label="Loading tests…"
          className="md:grid-cols-2 xl:grid-cols-3"
          itemClassName="h-72"
        />
      ) : studies.isError ? (
        <ErrorState
          title="The tests could not be loaded."
          message={errorMessageOf(studies.error, 'Please try again.')}
          onRetry={() => void studies.refetch()}
          retrying={studies.isFetching}
        />
      ) : all.length === 0 ? (
        <EmptyState icon={<FlaskConicalIcon className="size-8" aria-hidden="true" />}>
          No tests yet — create the first one with the Create test button.
        </EmptyState>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
            <SearchField
              label="Search tests"
              value={search}
              onChange={setSearch}
              placeholder="Title, company or tag"
            />
            <FilterSelect
              label="Filter by status"
              value={status}
              onChange={setStatus}
              options={studyStatusOptions}
              allLabel="All statuses"
            />
          </div>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {filtered
              ? `Showing ${shown.length} of ${all.length} ${all.length === 1 ? 'test' : 'tests'}`
              : `${all.length} ${all.length === 1 ? 'test' : 'tests'}`}
          </p>
          {shown.length === 0 ? (
            <EmptyState>
              <p>No tests match these filters.</p>
              <Button
                variant="outline"
                size="sm"
                className="mt-3"
                onClick={() => {
                  setSearch('');
                  setStatus(undefined);
                }}
              >
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Tests">
              {shown.map((study) => (
                <li key={study.id} className="grid min-w-0">
                  <AdminStudyCard study={study} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
