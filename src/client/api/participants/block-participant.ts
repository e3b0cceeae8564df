import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { AdminParticipant } from '@/shared/schemas/participants';
import type { blockSchema } from '@/shared/schemas/recruiting';
import type { z } from 'zod';
import { participantKeys, participantUrl } from './keys';

export type BlockInput = { id: string } & z.input<typeof blockSchema>;

/**
 * PUT /api/participants/{id}/block `{ blocked, reason? }` (admins, audited): a blocked person
 * cannot sign in or apply; unblocking undoes it.
 */
export function blockParticipant({
  id,
  ...body
}: BlockInput): Promise<{ participant?: AdminParticipant }> {
  return apiJson('PUT', `${participantUrl(id)}/block`, body);
}

export function useBlockParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockParticipant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participantKeys.all }),
  });
}
