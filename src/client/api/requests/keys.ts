import type { RequestStatus } from '@/shared/schemas/options';

/** Where one kind of lead lives in the API, and the keys its answers use. */
export type LeadApi = {
  path: string;
  /** The list's key: `{ clientRequests: [...] }`. */
  listKey: string;
  /** A stored lead's key: `{ clientRequest: {...} }`. */
  itemKey: string;
};

export const inquiryApi = {
  path: '/api/client-requests',
  listKey: 'clientRequests',
  itemKey: 'clientRequest',
} as const satisfies LeadApi;

/** Research requests follow the same states and paths as inquiries. */
export const researchApi = {
  path: '/api/research-requests',
  listKey: 'researchRequests',
  itemKey: 'researchRequest',
} as const satisfies LeadApi;

export type LeadFilters = { status?: RequestStatus | undefined; search?: string | undefined };

export const leadKeys = {
  all: (api: LeadApi) => [api.path] as const,
  list: (api: LeadApi, filters: LeadFilters) => [api.path, 'list', filters] as const,
};
