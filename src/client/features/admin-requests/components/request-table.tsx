import { InboxIcon } from 'lucide-react';
import { telHref } from '@/client/lib/tel-href';
import type * as React from 'react';
import { Button } from '@/client/components/ui/button';
import { TableCell, TableRow } from '@/client/components/ui/table';
import { AdminRecordCards } from '@/client/components/layout/admin-record-cards';
import { CardsOrTable } from '@/client/components/layout/cards-or-table';
import type { RequestStatus } from '@/shared/schemas/options';
import { RequestStatusBadge } from './request-status';
import { type PagedListState, PagedListView } from '@/client/components/ui/paged-list-view';
import { TimeStamp } from '@/client/components/ui/time-stamp';

type Lead = { id: string; status: RequestStatus; createdAt: string; email: string };

export type Column<T> = { header: string; cell: (item: T) => React.ReactNode };

type Props<T extends Lead> = {
  list: PagedListState<T>;
  /** Plural, lower case: "inquiries". */
  noun: string;
  caption: string;
  companyOf: (item: T) => string;
  contactOf: (item: T) => string;
  /** A phone number to show under the e-mail, when the lead gave one. */
  phoneOf?: (item: T) => string | undefined;
  /** The columns between the contact and the status. */
  columns: Column<T>[];
  filtered: boolean;
  onClearFilters: () => void;
  emptyText: React.ReactNode;
  onOpen: (item: T) => void;
  actionsOf: (item: T) => React.ReactNode;
};

/**
 * A list of leads with its states: loading, error (with retry), empty (with a way
 * out of the filters), then the table and "Load more". The company opens the details.
 */
export function RequestTable<T extends Lead>({
  list,
  noun,
  caption,
  companyOf,
  contactOf,
  phoneOf,
  columns,
  filtered,
  onClearFilters,
  emptyText,
  onOpen,
  actionsOf,
}: Props<T>) {
  return (
    <PagedListView
      list={list}
      noun={noun}
      icon={<InboxIcon className="size-8" aria-hidden="true" />}
      emptyText={emptyText}
      filtered={filtered}
      onClearFilters={onClearFilters}
    >
      <CardsOrTable
        cards={
          <AdminRecordCards
            items={list.items}
            label={caption}
            busy={list.isFetching}
            keyOf={(item) => item.id}
            dataAttribute="data-request-id"
            heading={(item) => (
              <>
                <Button
                  variant="link"
                  className="h-auto p-0 text-left font-medium whitespace-normal wrap-anywhere"
                  aria-haspopup="dialog"
                  onClick={() => onOpen(item)}
                >
                  <span className="sr-only">View details: </span>
                  {companyOf(item)}
                </Button>
                <Contact item={item} contactOf={contactOf} phoneOf={phoneOf} />
              </>
            )}
            badge={(item) => <RequestStatusBadge status={item.status} />}
            fields={(item) => [
              ...columns.map((column) => ({ label: column.header, value: column.cell(item) })),
              { label: 'Received', value: <TimeStamp value={item.createdAt} /> },
            ]}
            actions={actionsOf}
          />
        }
        columns={[
          { header: 'Company' },
          { header: 'Contact' },
          ...columns,
          { header: 'Status' },
          { header: 'Received' },
          { header: 'Actions', srOnly: true },
        ]}
        caption={caption}
        busy={list.isFetching}
      >
        {list.items.map((item) => (
          <TableRow key={item.id} data-request-id={item.id}>
            <TableCell className="min-w-36 font-medium">
              <Button
                variant="link"
                className="h-auto p-0 text-left whitespace-normal"
                aria-haspopup="dialog"
                onClick={() => onOpen(item)}
              >
                <span className="sr-only">View details: </span>
                {companyOf(item)}
              </Button>
            </TableCell>
            <TableCell className="min-w-44">
              <Contact item={item} contactOf={contactOf} phoneOf={phoneOf} />
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column.header} className="whitespace-nowrap">
                {column.cell(item)}
              </TableCell>
            ))}
            <TableCell>
              <RequestStatusBadge status={item.status} />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <TimeStamp value={item.createdAt} />
            </TableCell>
            <TableCell className="text-right">{actionsOf(item)}</TableCell>
          </TableRow>
        ))}
      </CardsOrTable>
    </PagedListView>
  );
}

/** The contact person, their e-mail and (when given) phone, as links. */
function Contact<T extends Lead>({
  item,
  contactOf,
  phoneOf,
}: {
  item: T;
  contactOf: (item: T) => string;
  phoneOf?: (item: T) => string | undefined;
}) {
  const phone = phoneOf?.(item);
  return (
    <>
      <p>{contactOf(item)}</p>
      <p className="text-xs">
        <a
          href={`mailto:${item.email}`}
          className="text-primary underline-offset-4 wrap-anywhere hover:underline"
        >
          {item.email}
        </a>
      </p>
      {phone && (
        <p className="text-xs">
          <a href={telHref(phone)} className="text-primary underline-offset-4 hover:underline">
            {phone}
          </a>
        </p>
      )}
    </>
  );
}
