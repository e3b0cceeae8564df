import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';

/**
 * POST /api/unsubscribe/{token} (RFC 8058 one-click, no sign-in): turns off the choice the
 * signed token names and answers what stopped, in words.
 */
export function unsubscribe(token: string): Promise<{ message: string }> {
  return apiJson('POST', `/api/unsubscribe/${encodeURIComponent(token)}`);
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
