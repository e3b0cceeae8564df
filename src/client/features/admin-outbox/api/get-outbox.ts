import { usePagedList } from '@/client/lib/use-paged-list';
import type { OutboxMail, OutboxStatus } from '@/shared/schemas/outbox';

export const outboxPath = '/api/outbox';

/** GET /api/outbox?status=&limit=&cursor=: mail newest first, without bodies. */
export function useOutbox(filters: { status?: OutboxStatus | undefined }) {
  const list = usePagedList<OutboxMail>(outboxPath, 'mail', filters);
  const configured = list.firstPage?.smtpConfigured;
  return { ...list, smtpConfigured: typeof configured === 'boolean' ? configured : undefined };
}
