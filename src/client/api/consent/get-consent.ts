import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Consent } from '@/shared/schemas/recruiting';
import { consentKeys } from './keys';

/**
 * GET /api/me/consent: the versions of the terms and privacy notice accepted (with
 * `needsAcceptance` when they are not the current ones) and the invitation and new-study
 * mail choices.
 */
export function getConsent(signal?: AbortSignal): Promise<{ consent: Consent }> {
  return apiJson('GET', consentKeys.path, undefined, signal);
}

export function consentQueryOptions() {
  return queryOptions({ queryKey: consentKeys.mine, queryFn: ({ signal }) => getConsent(signal) });
}

export function useConsent() {
  return useQuery(consentQueryOptions());
}
