import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { SessionAnswer } from '@/shared/schemas/auth';

export const sessionQueryKey = ['/api/auth/session'] as const;

/** GET /api/auth/session: 200 with `user: null` when nobody is signed in (never 401). */
export async function getSession(): Promise<SessionAnswer> {
  const response = await apiRequest('GET', sessionQueryKey[0]);
  return (await response.json()) as SessionAnswer;
}

export function sessionQueryOptions() {
  return queryOptions({ queryKey: sessionQueryKey, queryFn: getSession });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
