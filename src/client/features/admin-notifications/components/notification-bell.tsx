import {
  BellIcon,
  BriefcaseIcon,
  CheckCheckIcon,
  FlaskConicalIcon,
  RefreshCwIcon,
  UserPlusIcon,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { toast } from '@/client/components/ui/use-toast';
import { type AdminTab, isAdminTab } from '@/client/lib/admin-tabs';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatRelativeTime } from '@/client/lib/format-relative-time';
import { useNow } from '@/client/lib/use-now';
import type { Notification } from '@/shared/schemas/admin-views';
import { useNotifications } from '@/client/api/notifications/get-notifications';
import {
  useMarkNotificationsRead,
  type MarkReadTarget,
} from '@/client/api/notifications/mark-notifications-read';
import { arrivalsText, badgeText, bellLabel } from './bell-text';
import { TimeStamp } from '@/client/components/ui/time-stamp';

const kinds: Record<Notification['kind'], { label: string; tab: AdminTab; icon: typeof BellIcon }> =
  {
    application: { label: 'Application', tab: 'applications', icon: UserPlusIcon },
    'client-request': { label: 'Inquiry', tab: 'requests', icon: BriefcaseIcon },
    'research-request': { label: 'Research request', tab: 'requests', icon: FlaskConicalIcon },
  };

/**
 * The bell (decisions.md section 6): real unread events (new applications, inquiries,
 * research requests), polled every 30 seconds. Opening one switches to its tab and
 * marks it, and only it, read.
 */
export function NotificationBell({ onOpenTab }: { onOpenTab: (tab: AdminTab) => void }) {
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const now = useNow();
  const [searchParams] = useSearchParams();
  const currentTab = searchParams.get('tab');
  // When a notification switches tabs, the dashboard moves the focus to the new tab:
  // the menu must not then pull it back to the bell as it closes.
  const leavingForTab = useRef(false);
  // The menu renders beside its trigger, inside the page's landmark; not modal, so the
  // rest of the page is not hidden from assistive technology while it is open.
  const [container, setContainer] = useState<HTMLDivElement | null>(null);

  const count = notifications.data?.unreadCount ?? 0;
  const unread = notifications.data?.notifications.filter((n) => n.unread) ?? [];
  const announcement = useNewArrivalsAnnouncement(notifications.data ? count : undefined);

  function read(target: MarkReadTarget) {
    markRead.mutate(target, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not mark as read',
          description: errorMessageOf(error, 'Please try again.'),
        }),
    });
  }

  function open(notification: Notification) {
    const tab = kinds[notification.kind].tab;
    leavingForTab.current = tab !== (isAdminTab(currentTab) ? currentTab : 'overview');
    read(notification);
    onOpenTab(tab);
  }

  return (
    <div ref={setContainer}>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            size="icon"
            className="relative size-9"
            aria-label={bellLabel(count)}
            data-unread={count}
          >
            <BellIcon aria-hidden="true" />
            {count > 0 && (
              <span
                aria-hidden="true"
                className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[0.6875rem] leading-none font-semibold text-white ring-2 ring-background"
              >
                {badgeText(count)}
              </span>
            )}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          container={container}
          className="w-[22rem] max-w-[calc(100vw-1.5rem)] p-0"
          onCloseAutoFocus={(event) => {
            if (leavingForTab.current) event.preventDefault();
            leavingForTab.current = false;
          }}
        >
          <div className="flex items-baseline justify-between gap-2 border-b px-3 py-2.5">
            <DropdownMenuLabel className="p-0 text-base font-semibold">
              Notifications
            </DropdownMenuLabel>
            {count > 0 && <span className="text-xs text-muted-foreground">{count} unread</span>}
          </div>
          {/* A long list scrolls; the box (a group of the menu's items) takes focus so the
              keyboard can scroll it too. */}
          <div
            role="group"
            aria-label="Notifications list"
            tabIndex={0}
            className="max-h-[min(24rem,60vh)] overflow-y-auto p-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {notifications.isPending ? (
              <p role="status" className="px-3 py-6 text-center text-sm text-muted-foreground">
                Loading notifications…
              </p>
            ) : notifications.isError && !notifications.data ? (
              <>
                <p role="alert" className="px-3 pt-3 pb-2 text-sm text-red-800">
                  Notifications could not be loaded.{' '}
                  {errorMessageOf(notifications.error, 'Please try again.')}
                </p>
                <DropdownMenuItem
                  onSelect={(event) => {
                    event.preventDefault();
                    void notifications.refetch();
                  }}
                >
                  <RefreshCwIcon aria-hidden="true" />
                  {notifications.isFetching ? 'Trying again…' : 'Try again'}
                </DropdownMenuItem>
              </>
            ) : unread.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-muted-foreground">
                No new notifications
              </p>
            ) : (
              <>
                {unread.map((n) => {
                  const { icon: Icon, label } = kinds[n.kind];
                  return (
                    <DropdownMenuItem
                      key={`${n.kind}-${n.id}`}
                      onSelect={() => open(n)}
                      className="items-start gap-3 py-2.5"
                      data-kind={n.kind}
                    >
                      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-blue-50 text-primary">
                        <Icon className="size-4" aria-hidden="true" />
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium wrap-anywhere">{n.title}</span>
                        <span className="block text-xs text-muted-foreground">
                          {label} ·{' '}
                          <TimeStamp value={n.createdAt}>
                            {formatRelativeTime(n.createdAt, now)}
                          </TimeStamp>
                        </span>
                      </span>
                      <span
                        className="mt-2 size-2 shrink-0 rounded-full bg-primary"
                        aria-hidden="true"
                      />
                    </DropdownMenuItem>
                  );
                })}
                {count > unread.length && (
                  <p className="px-3 py-2 text-xs text-muted-foreground">
                    And {count - unread.length} older unread. Mark all as read to clear them.
                  </p>
                )}
              </>
            )}
          </div>
          <DropdownMenuSeparator className="m-0" />
          <div className="p-1">
            <DropdownMenuItem
              disabled={count === 0 || markRead.isPending}
              onSelect={(event) => {
                event.preventDefault();
                read(null);
              }}
            >
              <CheckCheckIcon aria-hidden="true" />
              {markRead.isPending ? 'Marking as read…' : 'Mark all as read'}
            </DropdownMenuItem>
          </div>
        </DropdownMenuContent>
      </DropdownMenu>
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </div>
  );
}

/**
 * A polite announcement when the poll brings new unread events (not on the first
 * load, and not when the count goes down because something was read). Compared
 * during render, React's pattern for reacting to a changed value.
 */
function useNewArrivalsAnnouncement(count: number | undefined): string {
  const [previous, setPrevious] = useState(count);
  const [message, setMessage] = useState('');
  if (count !== previous) {
    setPrevious(count);
    if (previous !== undefined && count !== undefined && count > previous) {
      setMessage(arrivalsText(count));
    }
  }
  return message;
}
