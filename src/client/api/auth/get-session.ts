import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { SessionAnswer } from '@/shared/schemas/auth';
import { sessionKeys } from './keys';

/** GET /api/auth/session: 200 with `user: null` when nobody is signed in (never 401). */
export function getSession(signal?: AbortSignal): Promise<SessionAnswer> {
  return apiJson('GET', sessionKeys.session[0], undefined, signal);
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.session,
    queryFn: ({ signal }) => getSession(signal),
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
