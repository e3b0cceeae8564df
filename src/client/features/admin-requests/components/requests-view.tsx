import { useState } from 'react';
import { NO_VALUE } from '@/client/lib/no-value';
import type * as React from 'react';
import { toast } from '@/client/components/ui/use-toast';
import { toastFailure } from '@/client/lib/toast-failure';
import { useListFilters } from '@/client/lib/use-list-filters';
import type { RequestStatus } from '@/shared/schemas/options';
import { useLeads } from '@/client/api/requests/get-leads';
import type { LeadApi } from '@/client/api/requests/keys';
import { useMoveLead } from '@/client/api/requests/update-lead-status';
import { RequestDetailsDialog } from './request-details-dialog';
import { RequestFilters } from './request-filters';
import { requestStatusLabel } from './request-status';
import { RequestStatusActions } from './request-status-actions';
import { type Column, RequestTable } from './request-table';

type Lead = { id: string; status: RequestStatus; createdAt: string; email: string };

/** What differs between inquiries and research requests: where they live and what they say. */
export type LeadKind<R extends Lead> = {
  api: LeadApi;
  searchHint: string;
  /** Plural, lower case: "inquiries". */
  noun: string;
  caption: string;
  emptyText: React.ReactNode;
  /** Singular, for the details dialog: "Inquiry". */
  title: string;
  companyOf: (r: R) => string;
  contactOf: (r: R) => { name: string; email: string; phone?: string };
  /** The table's columns between the contact and the status; the dialog shows the same facts. */
  facts: { label: string; value: (r: R) => string | null }[];
  texts: (r: R) => { label: string; value: string | null }[];
};

/**
 * One kind of lead: filters, the table with its states, status moves with their toasts
 * (the new status, or the server's reason, e.g. a move the states do not allow, 409),
 * and the details dialog.
 */
export function RequestsView<R extends Lead>({ kind }: { kind: LeadKind<R> }) {
  const filters = useListFilters<{ status: RequestStatus }>();
  const list = useLeads<R>(kind.api, filters.query);
  const mutation = useMoveLead<R>(kind.api);
  const pendingId = mutation.isPending ? mutation.variables?.id : undefined;
  const [selected, setSelected] = useState<R | null>(null);

  async function moveTo(request: R, to: RequestStatus) {
    const company = kind.companyOf(request);
    try {
      const moved = await mutation.mutateAsync({ id: request.id, status: to });
      toast({
        title: 'Request updated',
        description: `${company} is now ${requestStatusLabel(to).toLowerCase()}.`,
      });
      setSelected((open) => (open?.id === moved.id ? moved : open));
    } catch (error) {
      toastFailure(
        'Failed to update request',
        error,
        'The request could not be moved. Please try again.',
      );
    }
  }

  const actions = (request: R, variant: 'menu' | 'buttons') => (
    <RequestStatusActions
      variant={variant}
      company={kind.companyOf(request)}
      status={request.status}
      pending={pendingId === request.id}
      onMove={(to) => void moveTo(request, to)}
    />
  );
  const columns: Column<R>[] = kind.facts.map((fact) => ({
    header: fact.label,
    cell: (r) => fact.value(r) ?? NO_VALUE,
  }));

  return (
    <div className="grid gap-4">
      <RequestFilters
        search={filters.search}
        onSearchChange={filters.setSearch}
        status={filters.selected.status}
        onStatusChange={filters.select('status')}
        searchHint={kind.searchHint}
      />
      <RequestTable
        list={list}
        noun={kind.noun}
        caption={kind.caption}
        companyOf={kind.companyOf}
        contactOf={(r) => kind.contactOf(r).name}
        phoneOf={(r) => kind.contactOf(r).phone}
        columns={columns}
        filtered={filters.filtered}
        onClearFilters={filters.clear}
        emptyText={kind.emptyText}
        onOpen={setSelected}
        actionsOf={(r) => actions(r, 'menu')}
      />
      {selected && (
        <RequestDetailsDialog
          open
          onOpenChange={(open) => !open && setSelected(null)}
          kind={kind.title}
          company={kind.companyOf(selected)}
          status={selected.status}
          receivedAt={selected.createdAt}
          contact={kind.contactOf(selected)}
          facts={kind.facts.map((fact) => ({ label: fact.label, value: fact.value(selected) }))}
          texts={kind.texts(selected)}
          actions={actions(selected, 'buttons')}
        />
      )}
    </div>
  );
}
