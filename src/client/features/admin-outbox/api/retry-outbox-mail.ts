import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { OutboxMail } from '@/shared/schemas/outbox';
import { outboxPath } from './get-outbox';

/** POST /api/outbox/{id}/retry -> { mail }; 409 when the mail is not failed (any more). */
export async function retryOutboxMail(id: string): Promise<OutboxMail> {
  const response = await apiRequest('POST', `${outboxPath}/${encodeURIComponent(id)}/retry`);
  return ((await response.json()) as { mail: OutboxMail }).mail;
}

export function useRetryOutboxMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOutboxMail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [outboxPath] }),
  });
}
