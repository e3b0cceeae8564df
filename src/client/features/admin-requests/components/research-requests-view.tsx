import { useState } from 'react';
import { useDebouncedValue } from '@/client/lib/use-debounced-value';
import {
  researchBudgets,
  researchProjectTypes,
  researchTimelines,
  type RequestStatus,
} from '@/shared/schemas/options';
import type { ResearchRequest } from '@/shared/schemas/requests';
import { useResearchRequests } from '../api/get-requests';
import { optionLabel } from './option-label';
import { RequestDetailsDialog } from './request-details-dialog';
import { RequestFilters } from './request-filters';
import { RequestStatusActions } from './request-status-actions';
import { RequestTable } from './request-table';
import { useRequestMove } from './use-request-move';

/** Requests from the research validation page; their budgets are in KES (spec section 9). */
export function ResearchRequestsView() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<RequestStatus | undefined>();
  const debouncedSearch = useDebouncedValue(search.trim());
  const list = useResearchRequests({ status, search: debouncedSearch || undefined });
  const { move, pendingId } = useRequestMove('research');
  const [selected, setSelected] = useState<ResearchRequest | null>(null);

  async function moveTo(request: ResearchRequest, to: RequestStatus) {
    const moved = await move({ id: request.id, company: request.company }, to);
    if (moved) setSelected((open) => (open?.id === moved.id ? moved : open));
  }

  const actions = (request: ResearchRequest, variant: 'menu' | 'buttons') => (
    <RequestStatusActions
      variant={variant}
      company={request.company}
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
        noun="research requests"
        caption="Research requests, newest first. Choose a company to read the whole request."
        companyOf={(r) => r.company}
        contactOf={(r) => r.contactName}
        phoneOf={(r) => r.phone}
        columns={[
          {
            header: 'Project type',
            cell: (r) => optionLabel(researchProjectTypes, r.projectType) ?? '—',
          },
          { header: 'Timeline', cell: (r) => optionLabel(researchTimelines, r.timeline) ?? '—' },
          { header: 'Budget (KES)', cell: (r) => optionLabel(researchBudgets, r.budget) ?? '—' },
        ]}
        filtered={Boolean(status || debouncedSearch)}
        onClearFilters={() => {
          setSearch('');
          setStatus(undefined);
        }}
        emptyText="No research requests yet. They arrive from the research validation page."
        onOpen={setSelected}
        actionsOf={(r) => actions(r, 'menu')}
      />
      {selected && (
        <RequestDetailsDialog
          open
          onOpenChange={(open) => !open && setSelected(null)}
          kind="Research request"
          company={selected.company}
          status={selected.status}
          receivedAt={selected.createdAt}
          contact={{ name: selected.contactName, email: selected.email, phone: selected.phone }}
          facts={[
            {
              label: 'Project type',
              value: optionLabel(researchProjectTypes, selected.projectType),
            },
            { label: 'Timeline', value: optionLabel(researchTimelines, selected.timeline) },
            { label: 'Budget (KES)', value: optionLabel(researchBudgets, selected.budget) },
          ]}
          texts={[
            { label: 'What to validate', value: selected.description },
            { label: 'Goals', value: selected.goals },
            { label: 'Target audience', value: selected.targetAudience },
          ]}
          actions={actions(selected, 'buttons')}
        />
      )}
    </div>
  );
}
