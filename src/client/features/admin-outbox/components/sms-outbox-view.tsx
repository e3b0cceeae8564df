import { MessageSquareIcon, TriangleAlertIcon } from 'lucide-react';
import { useListFilters } from '@/client/lib/use-list-filters';
import type { OutboxStatus } from '@/shared/schemas/outbox';
import { useSmsOutbox } from '@/client/api/sms-outbox/get-sms-outbox';
import { OutboxList } from './outbox-list';
import { OutboxSmsDialog } from './outbox-sms-dialog';
import { OutboxSmsRetryButton } from './outbox-retry-button';

/**
 * The SMS outbox (decisions.md section 9): reminders and notices by text message, with a
 * status filter, newest first. With SMS_URL log:// (the default) nothing is sent: the SMS
 * wait here, and a notice says so.
 */
export function SmsOutboxView({ onRetried }: { onRetried: (item: { id: string }) => void }) {
  const filters = useListFilters<{ status: OutboxStatus }>();
  const list = useSmsOutbox(filters.selected);

  return (
    <>
      {list.provider === 'log' && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          SMS are not being sent: the server’s SMS_URL is log:// (the default). SMS stay queued here
          until Africa’s Talking is set.
        </p>
      )}

      <OutboxList
        list={list}
        filters={filters}
        noun="SMS"
        icon={<MessageSquareIcon className="size-8" aria-hidden="true" />}
        emptyText="No SMS yet. SMS appear here when the site sends a session reminder or notice by text message."
        noMatchText="No SMS has this status."
        caption="SMS in the outbox, newest first."
        recipientHeader="Number"
        recipient={(sms) => (
          <div className="font-medium whitespace-nowrap tabular-nums">{sms.to}</div>
        )}
        actions={(sms) => (
          <>
            <OutboxSmsDialog sms={sms} />
            <OutboxSmsRetryButton sms={sms} onRetried={onRetried} />
          </>
        )}
      />
    </>
  );
}
