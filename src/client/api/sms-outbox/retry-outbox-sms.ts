import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { OutboxSms } from '@/shared/schemas/sms-outbox';
import { outboxSmsUrl, smsOutboxKeys } from './keys';

/** POST /api/sms-outbox/{id}/retry -> { sms }; 409 when the SMS is not failed (any more). */
export async function retryOutboxSms(id: string): Promise<OutboxSms> {
  return (await apiJson<{ sms: OutboxSms }>('POST', `${outboxSmsUrl(id)}/retry`)).sms;
}

export function useRetryOutboxSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOutboxSms,
    onSettled: () => queryClient.invalidateQueries({ queryKey: smsOutboxKeys.all }),
  });
}
