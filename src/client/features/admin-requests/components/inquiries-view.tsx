import { inquiryBudgets, inquiryServices, urgencies } from '@/shared/schemas/options';
import type { ClientRequest } from '@/shared/schemas/requests';
import { inquiryApi } from '@/client/api/requests/keys';
import { optionLabel } from './option-label';
import { type LeadKind, RequestsView } from './requests-view';

const inquiries: LeadKind<ClientRequest> = {
  api: inquiryApi,
  searchHint: 'Company or e-mail',
  noun: 'inquiries',
  caption: 'Company inquiries, newest first. Choose a company to read the whole inquiry.',
  emptyText: 'No inquiries yet. They arrive from the “Let’s Work Together” form.',
  title: 'Inquiry',
  companyOf: (r) => r.companyName,
  contactOf: (r) => ({ name: r.contactPerson, email: r.email }),
  facts: [
    { label: 'Service', value: (r) => optionLabel(inquiryServices, r.service) },
    { label: 'Urgency', value: (r) => optionLabel(urgencies, r.urgency) },
    { label: 'Budget (USD)', value: (r) => optionLabel(inquiryBudgets, r.budget) },
  ],
  texts: (r) => [{ label: 'Project details', value: r.message }],
};

/** "Let's Work Together" inquiries; their budgets are in US dollars (spec section 9). */
export function InquiriesView() {
  return <RequestsView kind={inquiries} />;
}
