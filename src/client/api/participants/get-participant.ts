import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Participant } from '@/shared/schemas/participants';
import { participantKeys, participantUrl } from './keys';

export type ParticipantAnswer = { participant: Participant };

/** GET /api/participants/{id}: the participant's own record (or any, for an admin). */
export function getParticipant(id: string, signal?: AbortSignal): Promise<ParticipantAnswer> {
  return apiJson('GET', participantUrl(id), undefined, signal);
}

export function participantQueryOptions(id: string) {
  return queryOptions({
    queryKey: participantKeys.detail(id),
    queryFn: ({ signal }) => getParticipant(id, signal),
  });
}

export function useParticipant(id: string) {
  return useQuery(participantQueryOptions(id));
}
