import { RotateCcwIcon } from 'lucide-react';
import { PendingButton } from '@/client/components/ui/pending-button';
import { toastFailure } from '@/client/lib/toast-failure';
import { toast } from '@/client/components/ui/use-toast';
import type { OutboxMail } from '@/shared/schemas/outbox';
import { useRetryOutboxMail } from '@/client/api/outbox/retry-outbox-mail';

/**
 * Queues a failed mail again; only failed mail has the button (the server answers 409
 * otherwise). While pending it keeps the keyboard focus; `onRetried` runs once the list
 * has been refreshed, when this button (no longer failed) is about to go.
 */
export function OutboxRetryButton({
  mail,
  onRetried,
}: {
  mail: OutboxMail;
  onRetried?: (mail: OutboxMail) => void;
}) {
  const retry = useRetryOutboxMail();
  if (mail.status !== 'failed') return null;

  async function onClick() {
    try {
      // Resolves after the outbox list was fetched again (the hook awaits its invalidation).
      await retry.mutateAsync(mail.id);
      toast({
        title: 'Mail queued again',
        description: `The mail to ${mail.recipient} will be sent at the next attempt.`,
      });
      onRetried?.(mail);
    } catch (error) {
      toastFailure('Failed to retry the mail', error, 'The mail could not be queued again.');
    }
  }

  return (
    <PendingButton
      size="sm"
      variant="outline"
      pending={retry.isPending}
      pendingLabel="Retrying…"
      keepFocus
      aria-label={`Retry the mail to ${mail.recipient}`}
      onClick={() => void onClick()}
    >
      <RotateCcwIcon aria-hidden="true" />
      Retry
    </PendingButton>
  );
}
