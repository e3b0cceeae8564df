import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import { applicationKeys } from '../applications/keys';
import { invalidateAll } from '../invalidate';
import { participantKeys, participantUrl } from './keys';

/**
 * POST /api/participants/{id}/reliability/reset -> { message, noShowsBefore } (audited): the
 * no-shows stop counting, so a participant whose booking was paused can book again.
 */
export function resetReliability(
  participantId: string,
): Promise<{ message: string; noShowsBefore: number }> {
  return apiJson('POST', `${participantUrl(participantId)}/reliability/reset`);
}

export function useResetReliability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetReliability,
    // The reliability rides on the applications (the applicants dialog, the Applications tab).
    onSuccess: () => invalidateAll(queryClient, [applicationKeys.all, participantKeys.all]),
  });
}
