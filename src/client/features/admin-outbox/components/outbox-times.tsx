import { formatDateTime } from '@/client/lib/format-date-time';
import type { OutboxStatus } from '@/shared/schemas/outbox';

export function When({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

/** When it was sent; for a queued one that failed before, when it is tried next. */
export function SentOrNext({
  item,
}: {
  item: {
    status: OutboxStatus;
    attempts: number;
    sentAt: string | null;
    nextAttemptAt: string | null;
  };
}) {
  if (item.sentAt) return <When value={item.sentAt} />;
  if (item.status === 'pending' && item.attempts > 0 && item.nextAttemptAt) {
    return (
      <span className="text-muted-foreground">
        Next try <When value={item.nextAttemptAt} />
      </span>
    );
  }
  return <span className="text-muted-foreground">Not yet</span>;
}
