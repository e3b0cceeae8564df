import type { ReactNode } from 'react';
import { NO_VALUE } from '@/client/lib/no-value';
import { FilterSelect } from '@/client/components/ui/filter-controls';
import { CardsOrTable } from '@/client/components/layout/cards-or-table';
import { PagedListView, type PagedListState } from '@/client/components/ui/paged-list-view';
import { TableCell, TableRow } from '@/client/components/ui/table';
import type { OutboxStatus } from '@/shared/schemas/outbox';
import { mailKindLabel, OutboxStatusBadge, outboxStatusOptions } from './outbox-labels';
import { SentOrNext, When } from './outbox-times';

/** What the mail and the SMS outbox rows share. */
type OutboxItem = {
  id: string;
  kind: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
};

/**
 * One outbox, mail or SMS: its status filter, then a table (a card per row below the sm
 * breakpoint) with the recipient, kind, status, attempts, last error, times and the row's
 * View and Retry; loading, empty and error states from PagedListView.
 */
export function OutboxList<T extends OutboxItem>({
  list,
  filters,
  noun,
  icon,
  emptyText,
  noMatchText,
  caption,
  recipientHeader,
  recipient,
  actions,
}: {
  list: PagedListState<T>;
  filters: {
    selected: { status?: OutboxStatus | undefined };
    select: (key: 'status') => (value: OutboxStatus | undefined) => void;
    filtered: boolean;
    clear: () => void;
  };
  /** "mail" or "SMS": the list's noun, and the cards' list name ("Mail", "SMS"). */
  noun: 'mail' | 'SMS';
  icon: ReactNode;
  emptyText: string;
  noMatchText: string;
  caption: string;
  recipientHeader: string;
  /** The first cell of a row and the title of a card. */
  recipient: (item: T) => ReactNode;
  actions: (item: T) => ReactNode;
}) {
  return (
    <>
      <FilterSelect
        label="Status"
        value={filters.selected.status}
        onChange={filters.select('status')}
        options={outboxStatusOptions}
        allLabel="All statuses"
        className="sm:w-48"
      />

      <PagedListView
        list={list}
        noun={noun}
        icon={icon}
        emptyText={emptyText}
        noMatchText={noMatchText}
        filtered={filters.filtered}
        onClearFilters={filters.clear}
      >
        <CardsOrTable
          cards={
            <OutboxCards
              items={list.items}
              label={noun === 'mail' ? 'Mail' : 'SMS'}
              busy={list.isFetching}
              recipient={recipient}
              actions={actions}
            />
          }
          busy={list.isFetching}
          caption={caption}
          columns={[
            { header: recipientHeader },
            { header: 'Kind' },
            { header: 'Status' },
            { header: 'Attempts', className: 'text-right' },
            { header: 'Last error' },
            { header: 'Queued' },
            { header: 'Sent' },
            { header: 'Actions', className: 'text-right' },
          ]}
        >
          {list.items.map((item) => (
            <TableRow key={item.id} data-outbox-id={item.id}>
              <TableCell className="min-w-44">{recipient(item)}</TableCell>
              <TableCell className="whitespace-nowrap">{mailKindLabel(item.kind)}</TableCell>
              <TableCell>
                <OutboxStatusBadge status={item.status} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{item.attempts}</TableCell>
              <TableCell className="max-w-64 text-xs wrap-anywhere text-muted-foreground">
                {item.lastError ?? NO_VALUE}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <When value={item.createdAt} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <SentOrNext item={item} />
              </TableCell>
              <TableCell className="text-right">
                <div className="flex items-center justify-end gap-2">{actions(item)}</div>
              </TableCell>
            </TableRow>
          ))}
        </CardsOrTable>
      </PagedListView>
    </>
  );
}

/** Below the sm breakpoint: one card per row, so status and Retry need no sideways scrolling. */
function OutboxCards<T extends OutboxItem>({
  items,
  label,
  busy,
  recipient,
  actions,
}: {
  items: T[];
  label: string;
  busy: boolean;
  recipient: (item: T) => ReactNode;
  actions: (item: T) => ReactNode;
}) {
  return (
    <ul className="grid gap-3 sm:hidden" aria-label={label} aria-busy={busy || undefined}>
      {items.map((item) => (
        <li key={item.id} data-outbox-id={item.id} className="rounded-lg border p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">{recipient(item)}</div>
            <OutboxStatusBadge status={item.status} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-xs text-muted-foreground">Kind</dt>
              <dd>{mailKindLabel(item.kind)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Attempts</dt>
              <dd className="tabular-nums">{item.attempts}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Queued</dt>
              <dd>
                <When value={item.createdAt} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Sent</dt>
              <dd>
                <SentOrNext item={item} />
              </dd>
            </div>
            {item.lastError && (
              <div className="col-span-2 min-w-0">
                <dt className="text-xs text-muted-foreground">Last error</dt>
                <dd className="text-xs wrap-anywhere">{item.lastError}</dd>
              </div>
            )}
          </dl>
          <div className="mt-3 flex items-center gap-2 border-t pt-3">{actions(item)}</div>
        </li>
      ))}
    </ul>
  );
}
