import { MailIcon, TriangleAlertIcon } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { useListFilters } from '@/client/lib/use-list-filters';
import { AdminTabSection } from '@/client/components/layout/admin-tab-section';
import type { OutboxStatus } from '@/shared/schemas/outbox';
import { useOutbox } from '@/client/api/outbox/get-outbox';
import { OutboxList } from './outbox-list';
import { OutboxMailDialog } from './outbox-mail-dialog';
import { OutboxRetryButton } from './outbox-retry-button';
import { SmsOutboxView } from './sms-outbox-view';

type Channel = 'mail' | 'sms';
const CHANNEL_PARAM = 'channel';

/**
 * Admin dashboard, Outbox tab (decisions.md section 12): the mail and the SMS the site
 * sends, each with its status, attempts and last error; a failed one can be retried. The
 * channel is kept in `?channel=`. Bodies are not shown in the lists, and a password-reset
 * mail's body is never shown anywhere.
 */
export function OutboxTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const channel: Channel = searchParams.get(CHANNEL_PARAM) === 'sms' ? 'sms' : 'mail';
  const focusAfterRetry = useFocusAfterRetry();

  function select(next: string) {
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (next === 'sms') copy.set(CHANNEL_PARAM, next);
        else copy.delete(CHANNEL_PARAM);
        return copy;
      },
      { replace: true },
    );
  }

  return (
    <AdminTabSection
      id="outbox-heading"
      title="Outbox"
      description="Mail and SMS the site sends: queued, sent and failed. A failed one was refused or could not be delivered after several attempts; retry it once the address, the number or the provider is fixed. The content of a password-reset mail is never shown, and sent mail keeps its content for 7 days."
      sectionRef={focusAfterRetry.sectionRef}
      headingRef={focusAfterRetry.headingRef}
    >
      <Tabs value={channel} onValueChange={select}>
        <TabsList aria-label="Channel" className="w-full sm:w-fit">
          <TabsTrigger value="mail">Mail</TabsTrigger>
          <TabsTrigger value="sms">SMS</TabsTrigger>
        </TabsList>
        <TabsContent value="mail" className="grid gap-4">
          <MailOutboxView onRetried={focusAfterRetry.retried} />
        </TabsContent>
        <TabsContent value="sms" className="grid gap-4">
          <SmsOutboxView onRetried={focusAfterRetry.retried} />
        </TabsContent>
      </Tabs>
    </AdminTabSection>
  );
}

/** The mail outbox: a status filter and the list, newest first. */
function MailOutboxView({ onRetried }: { onRetried: (item: { id: string }) => void }) {
  const filters = useListFilters<{ status: OutboxStatus }>();
  const list = useOutbox(filters.selected);

  return (
    <>
      {list.smtpConfigured === false && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Mail is not being sent: the server has no SMTP_URL. Mail stays queued here until it is
          set.
        </p>
      )}
      <OutboxList
        list={list}
        filters={filters}
        noun="mail"
        icon={<MailIcon className="size-8" aria-hidden="true" />}
        emptyText="No mail yet. Mail appears here when the site sends a reset link, an auto-reply or a notice."
        noMatchText="No mail has this status."
        caption="Mail in the outbox, newest first."
        recipientHeader="Recipient"
        recipient={(mail) => (
          <>
            <div className="font-medium wrap-anywhere">{mail.recipient}</div>
            <div className="text-xs wrap-anywhere text-muted-foreground">{mail.subject}</div>
          </>
        )}
        actions={(mail) => (
          <>
            <OutboxMailDialog mail={mail} />
            <OutboxRetryButton mail={mail} onRetried={onRetried} />
          </>
        )}
      />
    </>
  );
}

/**
 * A retried mail or SMS is no longer failed, so its Retry button goes (and with the Failed
 * filter, its whole row): the keyboard focus moves to the row's View button, or to the
 * list's heading when the row left, rather than falling to the page.
 */
function useFocusAfterRetry() {
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const retried = useCallback((item: { id: string }) => {
    // The list was fetched again before the retry resolved; React shows it once the
    // query's batched notification (a timer already scheduled) has run.
    setTimeout(() => {
      const view = [
        ...(sectionRef.current?.querySelectorAll<HTMLElement>(
          `[data-outbox-id="${CSS.escape(item.id)}"] [data-outbox-view]`,
        ) ?? []),
      ].find((button) => button.offsetParent !== null);
      (view ?? headingRef.current)?.focus();
    }, 0);
  }, []);
  return { sectionRef, headingRef, retried };
}
