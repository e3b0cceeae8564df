import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { OutboxMail } from '@/shared/schemas/outbox';
import { outboxKeys, outboxMailUrl } from './keys';

/** POST /api/outbox/{id}/retry -> { mail }; 409 when the mail is not failed (any more). */
export async function retryOutboxMail(id: string): Promise<OutboxMail> {
  return (await apiJson<{ mail: OutboxMail }>('POST', `${outboxMailUrl(id)}/retry`)).mail;
}

export function useRetryOutboxMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOutboxMail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
