import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { InvitationResult } from '@/shared/schemas/recruiting';
import { studyKeys, studyUrl } from './keys';

/**
 * POST /api/tests/{id}/invitations `{ limit }` (admins): invites up to `limit` invitable
 * participants, least recently invited first; answers who was invited and who was skipped.
 */
export function inviteParticipants({
  id,
  limit,
}: {
  id: string;
  limit: number;
}): Promise<InvitationResult> {
  return apiJson('POST', `${studyUrl(id)}/invitations`, { limit });
}

export function useInviteParticipants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteParticipants,
    // Those invited are no longer invitable: the study's counts change.
    onSuccess: (_result, { id }) =>
      queryClient.invalidateQueries({ queryKey: studyKeys.matchesOf(id) }),
  });
}
