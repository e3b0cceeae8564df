import { RotateCcwIcon } from 'lucide-react';
import { PendingButton } from '@/client/components/ui/pending-button';
import { toastFailure } from '@/client/lib/toast-failure';
import { toast } from '@/client/components/ui/use-toast';
import type { OutboxMail, OutboxStatus } from '@/shared/schemas/outbox';
import type { OutboxSms } from '@/shared/schemas/sms-outbox';
import { useRetryOutboxMail } from '@/client/api/outbox/retry-outbox-mail';
import { useRetryOutboxSms } from '@/client/api/sms-outbox/retry-outbox-sms';

/** Queues a failed mail again (see RetryButton). */
export function OutboxRetryButton({
  mail,
  onRetried,
}: {
  mail: OutboxMail;
  onRetried?: (mail: OutboxMail) => void;
}) {
  const retry = useRetryOutboxMail();
  return (
    <RetryButton
      item={mail}
      noun="mail"
      recipient={mail.recipient}
      retry={retry}
      onRetried={onRetried}
    />
  );
}

/** Queues a failed SMS again (see RetryButton). */
export function OutboxSmsRetryButton({
  sms,
  onRetried,
}: {
  sms: OutboxSms;
  onRetried?: (sms: OutboxSms) => void;
}) {
  const retry = useRetryOutboxSms();
  return (
    <RetryButton item={sms} noun="SMS" recipient={sms.to} retry={retry} onRetried={onRetried} />
  );
}

/**
 * Only failed mail or SMS has the button (the server answers 409 otherwise). While pending
 * it keeps the keyboard focus; `onRetried` runs once the list has been refreshed, when this
 * button (no longer failed) is about to go.
 */
function RetryButton<T extends { id: string; status: OutboxStatus }>({
  item,
  noun,
  recipient,
  retry,
  onRetried,
}: {
  item: T;
  noun: 'mail' | 'SMS';
  recipient: string;
  retry: { isPending: boolean; mutateAsync: (id: string) => Promise<unknown> };
  onRetried?: ((item: T) => void) | undefined;
}) {
  if (item.status !== 'failed') return null;
  const Noun = noun === 'mail' ? 'Mail' : 'SMS';

  async function onClick() {
    try {
      // Resolves after the outbox list was fetched again (the hook awaits its invalidation).
      await retry.mutateAsync(item.id);
      toast({
        title: `${Noun} queued again`,
        description: `The ${noun} to ${recipient} will be sent at the next attempt.`,
      });
      onRetried?.(item);
    } catch (error) {
      toastFailure(`Failed to retry the ${noun}`, error, `The ${noun} could not be queued again.`);
    }
  }

  return (
    <PendingButton
      size="sm"
      variant="outline"
      pending={retry.isPending}
      pendingLabel="Retrying…"
      keepFocus
      aria-label={`Retry the ${noun} to ${recipient}`}
      onClick={() => void onClick()}
    >
      <RotateCcwIcon aria-hidden="true" />
      Retry
    </PendingButton>
  );
}
