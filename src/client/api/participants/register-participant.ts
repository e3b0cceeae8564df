import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Participant, ParticipantRegistrationInput } from '@/shared/schemas/participants';
import { participantKeys } from './keys';

/** POST /api/participants/register: 201 with the participant; it does not sign in. */
export function registerParticipant(
  input: ParticipantRegistrationInput,
): Promise<{ participant: Participant }> {
  return apiJson('POST', `${participantKeys.path}/register`, input);
}

export function useRegisterParticipant() {
  return useMutation({ mutationFn: registerParticipant });
}
