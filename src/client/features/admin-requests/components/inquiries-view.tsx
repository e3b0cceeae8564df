import { useState } from 'react';
import { useDebouncedValue } from '@/client/lib/use-debounced-value';
import {
  inquiryBudgets,
  inquiryServices,
  urgencies,
  type RequestStatus,
} from '@/shared/schemas/options';
import type { ClientRequest } from '@/shared/schemas/requests';
import { useInquiries } from '../api/get-requests';
import { optionLabel } from './option-label';
import { RequestDetailsDialog } from './request-details-dialog';
import { RequestFilters } from './request-filters';
import { RequestStatusActions } from './request-status-actions';
import { RequestTable } from './request-table';
import { useRequestMove } from './use-request-move';

/** "Let's Work Together" inquiries; their budgets are in US dollars (spec section 9). */
export function InquiriesView() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<RequestStatus | undefined>();
  const debouncedSearch = useDebouncedValue(search.trim());
  const list = useInquiries({ status, search: debouncedSearch || undefined });
  const { move, pendingId } = useRequestMove('inquiry');
  const [selected, setSelected] = useState<ClientRequest | null>(null);

  async function moveTo(request: ClientRequest, to: RequestStatus) {
    const moved = await move({ id: request.id, company: request.companyName }, to);
    if (moved) setSelected((open) => (open?.id === moved.id ? moved : open));
  }

  const actions = (request: ClientRequest, variant: 'menu' | 'buttons') => (
    <RequestStatusActions
      variant={variant}
      company={request.companyName}
      status={request.status}
      pending={pendingId === request.id}
      onMove={(to) => void moveTo(request, to)}
    />
  );

  return (
    <div className="grid gap-4">
      <RequestFilters
        search={search}
        onSearchChange={setSearch}
        status={status}
        onStatusChange={setStatus}
        searchHint="Company or e-mail"
      />
      <RequestTable
        list={list}
        noun="inquiries"
        caption="Company inquiries, newest first. Choose a company to read the whole inquiry."
        companyOf={(r) => r.companyName}
        contactOf={(r) => r.contactPerson}
        columns={[
          { header: 'Service', cell: (r) => optionLabel(inquiryServices, r.service) },
          { header: 'Urgency', cell: (r) => optionLabel(urgencies, r.urgency) ?? '—' },
          { header: 'Budget (USD)', cell: (r) => optionLabel(inquiryBudgets, r.budget) ?? '—' },
        ]}
        filtered={Boolean(status || debouncedSearch)}
        onClearFilters={() => {
          setSearch('');
          setStatus(undefined);
        }}
        emptyText="No inquiries yet. They arrive from the “Let’s Work Together” form."
        onOpen={setSelected}
        actionsOf={(r) => actions(r, 'menu')}
      />
      {selected && (
        <RequestDetailsDialog
          open
          onOpenChange={(open) => !open && setSelected(null)}
          kind="Inquiry"
          company={selected.companyName}
          status={selected.status}
          receivedAt={selected.createdAt}
          contact={{ name: selected.contactPerson, email: selected.email }}
          facts={[
            { label: 'Service', value: optionLabel(inquiryServices, selected.service) },
            { label: 'Urgency', value: optionLabel(urgencies, selected.urgency) },
            { label: 'Budget (USD)', value: optionLabel(inquiryBudgets, selected.budget) },
          ]}
          texts={[{ label: 'Project details', value: selected.message }]}
          actions={actions(selected, 'buttons')}
        />
      )}
    </div>
  );
}
