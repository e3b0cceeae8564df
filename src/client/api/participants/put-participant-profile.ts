import { apiJson } from '@/client/lib/api';
import type { ParticipantProfileUpdateInput } from '@/shared/schemas/participants';
import type { ParticipantAnswer } from './get-participant';
import { participantUrl } from './keys';

/**
 * PUT /api/participants/{id}/profile: the research profile and the contact fields;
 * '' clears an optional field. 409 names the e-mail or phone already in use. Without
 * TanStack Query: the text pages' language switch saves a participant's choice with it
 * (decision 042).
 */
export function updateParticipantProfile(
  id: string,
  input: ParticipantProfileUpdateInput,
): Promise<ParticipantAnswer> {
  return apiJson('PUT', `${participantUrl(id)}/profile`, input);
}
