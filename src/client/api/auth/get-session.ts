import { apiJson } from '@/client/lib/api';
import { type ReadOptions, useRead } from '@/client/lib/reads';
import type { SessionAnswer } from '@/shared/schemas/auth';
import { sessionKeys } from './keys';

/** GET /api/auth/session: 200 with `user: null` when nobody is signed in (never 401). */
export function getSession(signal?: AbortSignal): Promise<SessionAnswer> {
  return apiJson('GET', sessionKeys.session[0], undefined, signal);
}

export function sessionQueryOptions(): ReadOptions<SessionAnswer> {
  return { queryKey: sessionKeys.session, queryFn: ({ signal }) => getSession(signal) };
}

/** The session, through the page's data layer (lib/reads.ts: the text pages read it too). */
export function useSession() {
  return useRead(sessionQueryOptions());
}
