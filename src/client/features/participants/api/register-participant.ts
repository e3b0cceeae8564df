import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Participant, ParticipantRegistrationInput } from '@/shared/schemas/participants';

/** POST /api/participants/register: 201 with the participant; it does not sign in. */
export async function registerParticipant(
  input: ParticipantRegistrationInput,
): Promise<{ participant: Participant }> {
  const response = await apiRequest('POST', '/api/participants/register', input);
  return (await response.json()) as { participant: Participant };
}

export function useRegisterParticipant() {
  return useMutation({ mutationFn: registerParticipant });
}
