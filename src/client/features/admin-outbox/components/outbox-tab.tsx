import { MailIcon, TriangleAlertIcon } from 'lucide-react';
import { NO_VALUE } from '@/client/lib/no-value';
import { useCallback, useRef } from 'react';
import { FilterSelect } from '@/client/components/ui/filter-controls';
import { useListFilters } from '@/client/lib/use-list-filters';
import { CardsOrTable } from '@/client/components/layout/cards-or-table';
import { AdminTabSection } from '@/client/components/layout/admin-tab-section';
import { PagedListView } from '@/client/components/ui/paged-list-view';
import { TableCell, TableRow } from '@/client/components/ui/table';
import { formatDateTime } from '@/client/lib/format-date-time';
import type { OutboxMail, OutboxStatus } from '@/shared/schemas/outbox';
import { useOutbox } from '@/client/api/outbox/get-outbox';
import { mailKindLabel, OutboxStatusBadge, outboxStatusOptions } from './outbox-labels';
import { OutboxMailDialog } from './outbox-mail-dialog';
import { OutboxRetryButton } from './outbox-retry-button';

/**
 * Admin dashboard, Outbox tab (decisions.md section 12): the mail the site sends, with its
 * status, attempts and last error; a failed one can be retried. Bodies are not shown here,
 * and a password-reset mail's body is never shown anywhere.
 */
export function OutboxTab() {
  const filters = useListFilters<{ status: OutboxStatus }>();
  const list = useOutbox(filters.selected);
  const focusAfterRetry = useFocusAfterRetry();

  return (
    <AdminTabSection
      id="outbox-heading"
      title="Outbox"
      description="Mail the site sends: queued, sent and failed. A failed mail was refused or could not be delivered after several attempts; retry it once the address or the mail server is fixed. The content of a password-reset mail is never shown, and sent mail keeps its content for 7 days."
      sectionRef={focusAfterRetry.sectionRef}
      headingRef={focusAfterRetry.headingRef}
    >
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

      <FilterSelect
        label="Status"
        value={filters.selected.status}
        onChange={filters.select('status')}
        options={outboxStatusOptions}
        allLabel="All statuses"
        className="sm:w-48"
      />

      <PagedListView
        list={list}
        noun="mail"
        icon={<MailIcon className="size-8" aria-hidden="true" />}
        emptyText="No mail yet. Mail appears here when the site sends a reset link, an auto-reply or a notice."
        noMatchText="No mail has this status."
        filtered={filters.filtered}
        onClearFilters={filters.clear}
      >
        <CardsOrTable
          cards={
            <OutboxCards
              mail={list.items}
              busy={list.isFetching}
              onRetried={focusAfterRetry.retried}
            />
          }
          busy={list.isFetching}
          caption="Mail in the outbox, newest first."
          columns={[
            { header: 'Recipient' },
            { header: 'Kind' },
            { header: 'Status' },
            { header: 'Attempts', className: 'text-right' },
            { header: 'Last error' },
            { header: 'Queued' },
            { header: 'Sent' },
            { header: 'Actions', className: 'text-right' },
          ]}
        >
          {list.items.map((mail) => (
            <TableRow key={mail.id} data-mail-id={mail.id}>
              <TableCell className="min-w-44">
                <div className="font-medium wrap-anywhere">{mail.recipient}</div>
                <div className="text-xs text-muted-foreground wrap-anywhere">{mail.subject}</div>
              </TableCell>
              <TableCell className="whitespace-nowrap">{mailKindLabel(mail.kind)}</TableCell>
              <TableCell>
                <OutboxStatusBadge status={mail.status} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{mail.attempts}</TableCell>
              <TableCell className="max-w-64 text-xs wrap-anywhere text-muted-foreground">
                {mail.lastError ?? NO_VALUE}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <When value={mail.createdAt} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <SentOrNext mail={mail} />
              </TableCell>
              <TableCell className="text-right">
                <div className="flex items-center justify-end gap-2">
                  <OutboxMailDialog mail={mail} />
                  <OutboxRetryButton mail={mail} onRetried={focusAfterRetry.retried} />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </CardsOrTable>
      </PagedListView>
    </AdminTabSection>
  );
}

/**
 * A retried mail is no longer failed, so its Retry button goes (and with the Failed filter,
 * its whole row): the keyboard focus moves to the row's View button, or to the list's
 * heading when the row left, rather than falling to the page.
 */
function useFocusAfterRetry() {
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const retried = useCallback((mail: OutboxMail) => {
    // The list was fetched again before the retry resolved; React shows it once the
    // query's batched notification (a timer already scheduled) has run.
    setTimeout(() => {
      const view = [
        ...(sectionRef.current?.querySelectorAll<HTMLElement>(
          `[data-mail-id="${CSS.escape(mail.id)}"] [data-outbox-view]`,
        ) ?? []),
      ].find((button) => button.offsetParent !== null);
      (view ?? headingRef.current)?.focus();
    }, 0);
  }, []);
  return { sectionRef, headingRef, retried };
}

function When({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

/** When it was sent; for a queued mail that failed before, when it is tried next. */
function SentOrNext({ mail }: { mail: OutboxMail }) {
  if (mail.sentAt) return <When value={mail.sentAt} />;
  if (mail.status === 'pending' && mail.attempts > 0 && mail.nextAttemptAt) {
    return (
      <span className="text-muted-foreground">
        Next try <When value={mail.nextAttemptAt} />
      </span>
    );
  }
  return <span className="text-muted-foreground">Not yet</span>;
}

/** Below the sm breakpoint: one card per mail, so status and Retry need no sideways scrolling. */
function OutboxCards({
  mail,
  busy,
  onRetried,
}: {
  mail: OutboxMail[];
  busy: boolean;
  onRetried: (mail: OutboxMail) => void;
}) {
  return (
    <ul className="grid gap-3 sm:hidden" aria-label="Mail" aria-busy={busy || undefined}>
      {mail.map((m) => (
        <li key={m.id} data-mail-id={m.id} className="rounded-lg border p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium wrap-anywhere">{m.recipient}</p>
              <p className="text-sm wrap-anywhere text-muted-foreground">{m.subject}</p>
            </div>
            <OutboxStatusBadge status={m.status} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-xs text-muted-foreground">Kind</dt>
              <dd>{mailKindLabel(m.kind)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Attempts</dt>
              <dd className="tabular-nums">{m.attempts}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Queued</dt>
              <dd>
                <When value={m.createdAt} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Sent</dt>
              <dd>
                <SentOrNext mail={m} />
              </dd>
            </div>
            {m.lastError && (
              <div className="col-span-2 min-w-0">
                <dt className="text-xs text-muted-foreground">Last error</dt>
                <dd className="text-xs wrap-anywhere">{m.lastError}</dd>
              </div>
            )}
          </dl>
          <div className="mt-3 flex items-center gap-2 border-t pt-3">
            <OutboxMailDialog mail={m} />
            <OutboxRetryButton mail={m} onRetried={onRetried} />
          </div>
        </li>
      ))}
    </ul>
  );
}
