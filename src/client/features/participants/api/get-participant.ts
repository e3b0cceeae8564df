import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Participant } from '@/shared/schemas/participants';

export type ParticipantAnswer = { participant: Participant };

export function participantQueryKey(id: string) {
  return ['/api/participants', id] as const;
}

/** GET /api/participants/{id}: the participant's own record (or any, for an admin). */
export async function getParticipant(id: string): Promise<ParticipantAnswer> {
  const response = await apiRequest('GET', `/api/participants/${encodeURIComponent(id)}`);
  return (await response.json()) as ParticipantAnswer;
}

export function participantQueryOptions(id: string) {
  return queryOptions({ queryKey: participantQueryKey(id), queryFn: () => getParticipant(id) });
}

export function useParticipant(id: string) {
  return useQuery(participantQueryOptions(id));
}
