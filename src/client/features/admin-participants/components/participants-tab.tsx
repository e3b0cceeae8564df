import { SearchXIcon, UsersIcon } from 'lucide-react';
import { NO_VALUE } from '@/client/lib/no-value';
import { useMemo, useRef, useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import type { Participant } from '@/shared/schemas/participants';
import { Button } from '@/client/components/ui/button';
import { AdminTabSection } from '@/client/components/layout/admin-tab-section';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { LoadMore } from '@/client/components/ui/load-more';
import { TableCell, TableRow } from '@/client/components/ui/table';
import { DataTable } from '@/client/components/ui/data-table';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatDate } from '@/client/lib/format-date';
import { useDebouncedValue } from '@/client/lib/use-debounced-value';
import { cn } from '@/client/lib/utils';
import { profileCompletion } from '@/shared/rules/profile';
import type { AdminParticipant } from '@/shared/schemas/participants';
import { ReliabilityLine } from '@/client/components/layout/admin-applicant-record';
import {
  type ParticipantFilters,
  useParticipants,
} from '@/client/api/participants/get-participants';
import { ageProblems, ParticipantFiltersPanel } from './participant-filters';
import { fullNameOf } from '../participant-format';
import { ExportCsvButton } from './export-csv-button';
import { ParticipantDetailDialog } from './participant-detail-dialog';
import { SearchField } from '@/client/components/ui/filter-controls';

type Shown = Participant & Partial<Pick<AdminParticipant, 'blockedReason' | 'possibleDuplicates'>>;

/** "1 participant", "42 participants"; an estimate (decision 037) is "About 43,000 participants". */
export function plural(n: number, word: string, estimated = false): string {
  return `${estimated ? 'About ' : ''}${n.toLocaleString('en-KE')} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * The Participants tab: everyone registered, newest first, searched on the server as
 * the admin types (name, e-mail, phone, location), paged with "Load more", exported
 * as CSV, each opening a detail dialog with delete.
 */
export function ParticipantsTab() {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const [filters, setFilters] = useState<ParticipantFilters>({});
  // Ages are sent once typed in full (16 to 100): "2" on the way to "25" asks nothing.
  const sent = useDebouncedValue(JSON.stringify(sendable(filters)), 300);
  const applied = useMemo(() => JSON.parse(sent) as ParticipantFilters, [sent]);
  const filterCount = Object.keys(applied).length;
  const list = useParticipants(term, applied);
  const [selected, setSelected] = useState<Shown | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const deleted = useRef(false);

  const { items, total } = list;
  // Too many to count at once: the server's rounded estimate (decision 037).
  const estimated = list.totalEstimated;
  const searching =
    list.isPlaceholderData || search.trim() !== term || JSON.stringify(sendable(filters)) !== sent;
  const narrowed = Boolean(term) || filterCount > 0;
  const matching = term ? ` “${term}”` : '';
  const withFilters =
    filterCount > 0 ? ` with ${filterCount === 1 ? 'this filter' : 'these filters'}` : '';

  let summary = '';
  if (list.isPending) summary = '';
  else if (searching) summary = 'Searching…';
  else if (list.isError && items.length === 0) summary = 'The participants could not be loaded.';
  else if (narrowed) {
    summary =
      total === 0
        ? `No participants match${matching}${withFilters}.`
        : `${plural(total ?? items.length, 'participant', estimated)} match${matching}${withFilters}.`;
  } else
    summary =
      total === 0
        ? 'No participants yet.'
        : plural(total ?? items.length, 'participant', estimated);

  function clearSearch() {
    setSearch('');
    searchRef.current?.focus();
  }

  let body;
  if (list.isPending) {
    body = <LoadingList label="Loading participants…" count={5} itemClassName="h-12" />;
  } else if (list.isError && items.length === 0) {
    body = (
      <ErrorState
        title="We could not load the participants."
        message={errorMessageOf(list.error, 'Please try again.')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (items.length === 0 && term) {
    body = (
      <EmptyState icon={<SearchXIcon className="size-8" aria-hidden="true" />}>
        <p className="font-medium text-foreground">No match for “{term}”</p>
        <p className="mt-1">
          No participant&apos;s name, e-mail, phone or location contains it. Check the spelling or
          try part of it.
        </p>
        <Button variant="outline" size="sm" className="mt-3" onClick={clearSearch}>
          Clear search
        </Button>
      </EmptyState>
    );
  } else if (items.length === 0 && filterCount > 0) {
    body = (
      <EmptyState icon={<SearchXIcon className="size-8" aria-hidden="true" />}>
        <p className="font-medium text-foreground">No participant has that profile</p>
        <p className="mt-1">No one matches every filter set. Loosen or clear the filters.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => setFilters({})}>
          Clear filters
        </Button>
      </EmptyState>
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState icon={<UsersIcon className="size-8" aria-hidden="true" />}>
        <p className="font-medium text-foreground">No participants yet</p>
        <p className="mt-1">
          People who register to take part in studies will appear here, newest first.
        </p>
      </EmptyState>
    );
  } else {
    body = (
      <div
        aria-busy={searching || undefined}
        className={cn('transition-opacity', searching && 'opacity-60')}
      >
        <ParticipantsTable participants={items} onOpen={setSelected} />
        <ParticipantCards participants={items} onOpen={setSelected} />
        {list.isFetchNextPageError && (
          <ErrorState
            className="mt-4"
            title="We could not load more participants."
            message={errorMessageOf(list.error, 'Please try again.')}
            onRetry={() => void list.fetchNextPage()}
            retrying={list.isFetchingNextPage}
          />
        )}
        <LoadMore
          shown={items.length}
          total={total}
          estimated={estimated}
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          noun="participants"
        />
      </div>
    );
  }

  return (
    <AdminTabSection
      id="participants-heading"
      title="Participants"
      description="Everyone registered to take part in studies."
      className="grid gap-5"
      action={<ExportCsvButton search={term} filters={applied} empty={total === 0} />}
    >
      <SearchField
        label="Search participants"
        value={search}
        onChange={setSearch}
        inputRef={searchRef}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && search) {
            event.preventDefault();
            setSearch('');
          }
        }}
        autoComplete="off"
        spellCheck={false}
        hint="Name, e-mail, phone or location."
        className="sm:max-w-md"
      />

      <ParticipantFiltersPanel filters={filters} onChange={setFilters} />

      <p
        role="status"
        aria-live="polite"
        data-testid="participants-summary"
        className="min-h-5 text-sm text-muted-foreground"
      >
        {summary}
      </p>

      {body}

      <ParticipantDetailDialog
        participant={selected}
        onOpenChange={(open) => !open && setSelected(null)}
        onDeleted={() => {
          deleted.current = true;
          setSelected(null);
        }}
        onOpen={setSelected}
        onCloseAutoFocus={(event) => {
          // The row that opened the dialog is gone after a deletion: go back to the search.
          if (!deleted.current) return;
          deleted.current = false;
          event.preventDefault();
          searchRef.current?.focus();
        }}
      />
    </AdminTabSection>
  );
}

/** Blocked, and flagged as a possible duplicate (their names are in the detail dialog). */
function RowBadges({ participant: p }: { participant: AdminParticipant }) {
  if (!p.blocked && p.possibleDuplicates.length === 0) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {p.blocked && <Badge variant="destructive">Blocked</Badge>}
      {p.possibleDuplicates.length > 0 && (
        <Badge variant="warning">
          Possible duplicate
          <span className="sr-only">
            {' '}
            of {p.possibleDuplicates.length}{' '}
            {p.possibleDuplicates.length === 1 ? 'other account' : 'other accounts'}
          </span>
        </Badge>
      )}
    </span>
  );
}

/**
 * The filters the server is asked for: an age only once it is a whole 16 to 100, and neither
 * while "Age from" is above "Age to" (the panel says why: ageProblems).
 */
export function sendable(filters: ParticipantFilters): ParticipantFilters {
  const problems = ageProblems(filters);
  const out: ParticipantFilters = {};
  for (const [key, value] of Object.entries(filters) as [keyof ParticipantFilters, string][]) {
    if (!value) continue;
    if ((key === 'ageMin' || key === 'ageMax') && (problems[key] || problems.reversed)) continue;
    out[key] = value;
  }
  return out;
}

function NotGiven() {
  return (
    <>
      <span aria-hidden="true" className="text-muted-foreground">
        {NO_VALUE}
      </span>
      <span className="sr-only">Not given</span>
    </>
  );
}

type ListProps = { participants: AdminParticipant[]; onOpen: (p: AdminParticipant) => void };

function ViewButton({
  participant,
  onOpen,
}: {
  participant: AdminParticipant;
  onOpen: ListProps['onOpen'];
}) {
  return (
    <Button variant="outline" size="sm" onClick={() => onOpen(participant)}>
      View<span className="sr-only"> {fullNameOf(participant)}</span>
    </Button>
  );
}

/** From the md breakpoint: one row per participant. */
function ParticipantsTable({ participants, onOpen }: ListProps) {
  return (
    <div className="hidden md:block">
      <DataTable
        columns={[
          { header: 'Name' },
          { header: 'E-mail' },
          { header: 'Phone' },
          { header: 'Location' },
          { header: 'Profile' },
          { header: 'Reliability' },
          { header: 'Joined' },
          { header: 'Actions', srOnly: true },
        ]}
      >
        {participants.map((p) => (
          <TableRow key={p.id}>
            <TableCell className="font-medium">
              {fullNameOf(p)}
              <RowBadges participant={p} />
            </TableCell>
            <TableCell className="max-w-64 wrap-anywhere">{p.email}</TableCell>
            <TableCell className="whitespace-nowrap">{p.phone}</TableCell>
            <TableCell>{p.location || <NotGiven />}</TableCell>
            <TableCell className="whitespace-nowrap">{profileCompletion(p)}%</TableCell>
            <TableCell className="min-w-40">
              <ReliabilityLine person={p} />
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(p.createdAt)}</TableCell>
            <TableCell className="text-right">
              <ViewButton participant={p} onOpen={onOpen} />
            </TableCell>
          </TableRow>
        ))}
      </DataTable>
    </div>
  );
}

/** Below the md breakpoint: a card per participant, nothing to scroll sideways. */
function ParticipantCards({ participants, onOpen }: ListProps) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label="Participants">
      {participants.map((p) => (
        <li key={p.id} className="rounded-lg border p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 pt-1">
              <p className="font-medium wrap-anywhere">{fullNameOf(p)}</p>
              <RowBadges participant={p} />
            </div>
            <ViewButton participant={p} onOpen={onOpen} />
          </div>
          <p className="mt-1 text-sm wrap-anywhere text-muted-foreground">{p.email}</p>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-xs text-muted-foreground">Phone</dt>
              <dd>{p.phone}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">Location</dt>
              <dd className="wrap-anywhere">{p.location || <NotGiven />}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Profile</dt>
              <dd>{profileCompletion(p)}% complete</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Joined</dt>
              <dd>{formatDate(p.createdAt)}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-muted-foreground">Reliability</dt>
              <dd>
                <ReliabilityLine person={p} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
