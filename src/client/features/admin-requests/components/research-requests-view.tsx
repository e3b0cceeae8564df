import { researchBudgets, researchProjectTypes, researchTimelines } from '@/shared/schemas/options';
import type { ResearchRequest } from '@/shared/schemas/requests';
import { researchApi } from '@/client/api/requests/keys';
import { optionLabel } from './option-label';
import { type LeadKind, RequestsView } from './requests-view';

const researchRequests: LeadKind<ResearchRequest> = {
  api: researchApi,
  searchHint: 'Company or e-mail',
  noun: 'research requests',
  caption: 'Research requests, newest first. Choose a company to read the whole request.',
  emptyText: 'No research requests yet. They arrive from the research validation page.',
  title: 'Research request',
  companyOf: (r) => r.company,
  contactOf: (r) => ({ name: r.contactName, email: r.email, phone: r.phone }),
  facts: [
    { label: 'Project type', value: (r) => optionLabel(researchProjectTypes, r.projectType) },
    { label: 'Timeline', value: (r) => optionLabel(researchTimelines, r.timeline) },
    { label: 'Budget (Ksh)', value: (r) => optionLabel(researchBudgets, r.budget) },
  ],
  texts: (r) => [
    { label: 'What to validate', value: r.description },
    { label: 'Goals', value: r.goals },
    { label: 'Target audience', value: r.targetAudience },
  ],
};

/** Requests from the research validation page; their budgets are in KES (spec section 9). */
export function ResearchRequestsView() {
  return <RequestsView kind={researchRequests} />;
}
