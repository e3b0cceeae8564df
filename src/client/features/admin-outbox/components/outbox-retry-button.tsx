import { RotateCcwIcon } from 'lucide-react';
import { PendingButton } from '@/client/components/ui/pending-button';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessageOf } from '@/client/lib/error-message';
import type { OutboxMail } from '@/shared/schemas/outbox';
import { useRetryOutboxMail } from '../api/retry-outbox-mail';

/** Queues a failed mail again; only failed mail has the button (the server answers 409 otherwise). */
export function OutboxRetryButton({ mail }: { mail: OutboxMail }) {
  const retry = useRetryOutboxMail();
  if (mail.status !== 'failed') return null;
  return (
    <PendingButton
      size="sm"
      variant="outline"
      pending={retry.isPending}
      pendingLabel="Retrying…"
      aria-label={`Retry the mail to ${mail.recipient}`}
      onClick={() =>
        retry.mutate(mail.id, {
          onSuccess: () =>
            toast({
              title: 'Mail queued again',
              description: `The mail to ${mail.recipient} will be sent at the next attempt.`,
            }),
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Failed to retry the mail',
              description: errorMessageOf(error, 'The mail could not be queued again.'),
            }),
        })
      }
    >
      <RotateCcwIcon aria-hidden="true" />
      Retry
    </PendingButton>
  );
}
