import { CalendarClockIcon, EllipsisVerticalIcon, MapPinIcon, VideoIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useStudySessions } from '@/client/api/sessions/get-study-sessions';
import { useCancelSession } from '@/client/api/sessions/cancel-session';
import { useDeleteSession } from '@/client/api/sessions/delete-session';
import { AdminTabSection } from '@/client/components/layout/admin-tab-section';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { toast } from '@/client/components/ui/use-toast';
import { focusSoon } from '@/client/lib/admin-focus';
import { hasStarted, minutesText, sessionWhen } from '@/client/lib/admin-session-time';
import { errorMessageOf } from '@/client/lib/error-message';
import { toastFailure } from '@/client/lib/toast-failure';
import { useNow } from '@/client/lib/use-now';
import type { AdminApplication } from '@/shared/schemas/applications';
import type { StudySession } from '@/shared/schemas/sessions';
import type { Study } from '@/shared/schemas/studies';
import { AddSessionDialog } from './add-session-dialog';
import { EditSessionDialog } from './edit-session-dialog';
import { SessionAttendanceDialog } from './session-attendance-dialog';

/** How often the page looks at the clock: Attendance opens within this long of the start. */
const CLOCK_MS = 5_000;

function SessionState({ session, now }: { session: StudySession; now: number }) {
  if (session.status === 'cancelled') return <Badge variant="destructive">Cancelled</Badge>;
  const end = Date.parse(session.startsAt) + session.durationMinutes * 60_000;
  if (now >= end) return <Badge variant="secondary">Ended</Badge>;
  if (hasStarted(session.startsAt, now)) return <Badge variant="info">In progress</Badge>;
  if (session.seatsLeft === 0) return <Badge variant="warning">Full</Badge>;
  return <Badge variant="success">Open</Badge>;
}

const sessionRow = (id: string) =>
  document.querySelector<HTMLElement>(`li[data-session-id="${CSS.escape(id)}"]`);
const addButton = () => document.querySelector<HTMLElement>('[data-add-session]');

/** Where the focus goes once a session is deleted: found while its row is still listed. */
function afterDeleting(session: StudySession): () => HTMLElement | null {
  // The next session's row, else the one before, else the Add button.
  const row = sessionRow(session.id);
  const next = row?.nextElementSibling ?? row?.previousElementSibling;
  const nextId = next instanceof HTMLElement ? next.dataset.sessionId : undefined;
  return () => (nextId ? sessionRow(nextId) : null) ?? addButton();
}

function CancelSessionDialog({
  session,
  label,
  open,
  onOpenChange,
}: {
  session: StudySession;
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const cancel = useCancelSession();
  // A second click lands before isPending shows: one request per confirmation.
  const busy = useRef(false);
  const people =
    session.booked === 1 ? 'The 1 person booked' : `The ${session.booked} people booked`;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel this session?"
      description={
        session.booked > 0
          ? `${label}. ${people} will be told by e-mail and SMS, and go back to selected so they can book another session.`
          : `${label}. No one is booked in it; it stays listed as cancelled.`
      }
      confirmLabel="Cancel session"
      cancelLabel="Keep session"
      pendingLabel="Cancelling…"
      pending={cancel.isPending}
      onConfirm={async () => {
        if (busy.current) return false;
        busy.current = true;
        try {
          await cancel.mutateAsync(session.id);
          toast({
            title: 'Session cancelled',
            description:
              session.booked > 0
                ? `${people} ${session.booked === 1 ? 'was' : 'were'} told.`
                : label,
          });
          // Its row stays, without the menu that opened this.
          focusSoon(() => sessionRow(session.id));
          return true;
        } catch (error) {
          toastFailure('Failed to cancel session', error, 'The session was not cancelled.');
          return false;
        } finally {
          busy.current = false;
        }
      }}
    />
  );
}

function DeleteSessionDialog({
  session,
  label,
  open,
  onOpenChange,
}: {
  session: StudySession;
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteSession();
  const busy = useRef(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this session?"
      description={`${label}. No one is booked in it, so it is removed for good.`}
      confirmLabel="Delete session"
      cancelLabel="Keep session"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      onConfirm={async () => {
        if (busy.current) return false;
        busy.current = true;
        const next = afterDeleting(session);
        try {
          await remove.mutateAsync(session.id);
          toast({ title: 'Session deleted', description: label });
          focusSoon(next);
          return true;
        } catch (error) {
          toastFailure('Failed to delete session', error, 'The session was not deleted.');
          return false;
        } finally {
          busy.current = false;
        }
      }}
    />
  );
}

/**
 * Cancel and Delete, in a menu beside Edit and Attendance so the row's actions stay on one
 * line on a phone; each asks first.
 */
function SessionMenu({
  session,
  label,
  canCancel,
  canDelete,
}: {
  session: StudySession;
  label: string;
  canCancel: boolean;
  canDelete: boolean;
}) {
  const [asking, setAsking] = useState<'cancel' | 'delete' | null>(null);
  // The dialog asked about stays mounted while it closes, so its text does not vanish.
  const [shown, setShown] = useState<'cancel' | 'delete' | null>(null);
  if (!canCancel && !canDelete) return null;
  const ask = (what: 'cancel' | 'delete') => {
    setShown(what);
    setAsking(what);
  };
  const onOpenChange = (open: boolean) => !open && setAsking(null);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            size="icon"
            variant="ghost"
            className="size-8"
            aria-label={`More actions for session ${label}`}
            title="More actions"
          >
            <EllipsisVerticalIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>Session {label}</DropdownMenuLabel>
          {canCancel && (
            <DropdownMenuItem onSelect={() => ask('cancel')}>Cancel session…</DropdownMenuItem>
          )}
          {canDelete && (
            <DropdownMenuItem onSelect={() => ask('delete')}>Delete session…</DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {shown === 'cancel' && (
        <CancelSessionDialog
          session={session}
          label={label}
          open={asking === 'cancel'}
          onOpenChange={onOpenChange}
        />
      )}
      {shown === 'delete' && (
        <DeleteSessionDialog
          session={session}
          label={label}
          open={asking === 'delete'}
          onOpenChange={onOpenChange}
        />
      )}
    </>
  );
}

function SessionItem({
  session,
  now,
  applications,
}: {
  session: StudySession;
  now: number;
  applications: { items: readonly AdminApplication[]; loading: boolean };
}) {
  const noteId = useId();
  const when = sessionWhen(session.startsAt, session.durationMinutes);
  const label = `${when.day}, ${when.start}`;
  const started = hasStarted(session.startsAt, now);
  const cancelled = session.status === 'cancelled';
  return (
    <li
      data-session-id={session.id}
      // The focus comes here after the session is added or cancelled.
      tabIndex={-1}
      className="grid scroll-mt-24 gap-3 rounded-lg border p-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[cancelled=true]:bg-muted/50 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
      data-cancelled={cancelled}
    >
      <div className="grid min-w-0 gap-1 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold">
            {when.day} · {when.time} <abbr title="East Africa Time">EAT</abbr>
          </h3>
          <SessionState session={session} now={now} />
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <CalendarClockIcon className="size-4 shrink-0" aria-hidden="true" />
            {minutesText(session.durationMinutes)}
          </span>
          {session.mode === 'in_person' ? (
            <span className="flex min-w-0 items-center gap-1.5 wrap-anywhere">
              <MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">In person at </span>
              {session.location}
            </span>
          ) : (
            <span className="flex min-w-0 items-center gap-1.5">
              <VideoIcon className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">Remote: </span>
              {session.meetingUrl && (
                <a
                  href={session.meetingUrl}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="wrap-anywhere text-primary underline-offset-4 hover:underline"
                >
                  {session.meetingUrl}
                </a>
              )}
            </span>
          )}
        </p>
        <p className="tabular-nums" data-slot="seats">
          <span className="font-medium">
            {session.booked} of {session.capacity}
          </span>{' '}
          booked · {cancelled ? 'cancelled' : `${session.seatsLeft} left`}
        </p>
      </div>
      {!cancelled && (
        <div className="grid justify-items-start gap-1.5 sm:justify-items-end">
          <div className="flex flex-wrap items-center gap-2">
            {!started && <EditSessionDialog session={session} label={label} />}
            <SessionAttendanceDialog
              session={session}
              label={label}
              started={started}
              closedNoteId={noteId}
              applications={applications.items}
              loading={applications.loading}
            />
            <SessionMenu
              session={session}
              label={label}
              canCancel={!started}
              canDelete={session.booked === 0}
            />
          </div>
          {!started && (
            <p id={noteId} className="text-xs text-muted-foreground">
              Attendance opens when the session starts
            </p>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The study page's Sessions tab (decisions.md section 9): each session's day and time in
 * Nairobi, length, place or link, seats booked and left and status; add one or a series,
 * edit, cancel (people told), delete an unbooked one, and mark attendance once started.
 */
export function SessionsSection({
  study,
  applications,
}: {
  study: Study;
  applications: { items: readonly AdminApplication[]; loading: boolean };
}) {
  const sessions = useStudySessions(study.id);
  const now = useNow(CLOCK_MS);
  // A new session takes the focus: the first one's dialog leaves with the empty state.
  const onAdded = (session: StudySession) => focusSoon(() => sessionRow(session.id));

  return (
    <AdminTabSection
      id="sessions-heading"
      title="Sessions"
      description="Selected applicants book a seat in one of these. Times are in Nairobi (EAT)."
      action={
        sessions.data && sessions.data.length > 0 ? (
          <AddSessionDialog study={study} onAdded={onAdded} />
        ) : undefined
      }
    >
      {sessions.isPending ? (
        <LoadingList label="Loading sessions…" count={2} itemClassName="h-24" />
      ) : sessions.isError ? (
        <ErrorState
          title="The sessions of this test could not be loaded."
          message={errorMessageOf(sessions.error, 'Please try again.')}
          onRetry={() => void sessions.refetch()}
          retrying={sessions.isFetching}
        />
      ) : sessions.data.length === 0 ? (
        <EmptyState icon={<CalendarClockIcon className="size-8" aria-hidden="true" />}>
          <p className="mb-3 font-medium text-foreground">No sessions yet</p>
          <p className="mb-4">
            Without sessions, applicants are scheduled directly. Add one, or a daily or weekly
            series, and selected applicants book a seat instead.
          </p>
          <AddSessionDialog study={study} onAdded={onAdded} />
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Sessions">
          {sessions.data.map((session) => (
            <SessionItem key={session.id} session={session} now={now} applications={applications} />
          ))}
        </ul>
      )}
    </AdminTabSection>
  );
}
