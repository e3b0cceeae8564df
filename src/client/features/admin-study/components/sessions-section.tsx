import { CalendarClockIcon, MapPinIcon, VideoIcon } from 'lucide-react';
import { useStudySessions } from '@/client/api/sessions/get-study-sessions';
import { useCancelSession } from '@/client/api/sessions/cancel-session';
import { useDeleteSession } from '@/client/api/sessions/delete-session';
import { AdminTabSection } from '@/client/components/layout/admin-tab-section';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { toast } from '@/client/components/ui/use-toast';
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

function CancelSessionButton({ session, label }: { session: StudySession; label: string }) {
  const cancel = useCancelSession();
  const people =
    session.booked === 1 ? 'The 1 person booked' : `The ${session.booked} people booked`;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Cancel session ${label}`}>
          Cancel session
        </Button>
      }
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
        try {
          await cancel.mutateAsync(session.id);
          toast({
            title: 'Session cancelled',
            description:
              session.booked > 0
                ? `${people} ${session.booked === 1 ? 'was' : 'were'} told.`
                : label,
          });
          return true;
        } catch (error) {
          toastFailure('Failed to cancel session', error, 'The session was not cancelled.');
          return false;
        }
      }}
    />
  );
}

function DeleteSessionButton({ session, label }: { session: StudySession; label: string }) {
  const remove = useDeleteSession();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Delete session ${label}`}>
          Delete
        </Button>
      }
      title="Delete this session?"
      description={`${label}. No one is booked in it, so it is removed for good.`}
      confirmLabel="Delete session"
      cancelLabel="Keep session"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      onConfirm={async () => {
        try {
          await remove.mutateAsync(session.id);
          toast({ title: 'Session deleted', description: label });
          return true;
        } catch (error) {
          toastFailure('Failed to delete session', error, 'The session was not deleted.');
          return false;
        }
      }}
    />
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
  const when = sessionWhen(session.startsAt, session.durationMinutes);
  const label = `${when.day}, ${when.start}`;
  const started = hasStarted(session.startsAt, now);
  const cancelled = session.status === 'cancelled';
  return (
    <li
      data-session-id={session.id}
      className="grid gap-3 rounded-lg border p-4 data-[cancelled=true]:bg-muted/50 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
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
        <div className="flex flex-wrap items-start gap-2 sm:justify-end">
          {!started && <EditSessionDialog session={session} label={label} />}
          <SessionAttendanceDialog
            session={session}
            label={label}
            started={started}
            applications={applications.items}
            loading={applications.loading}
          />
          {!started && <CancelSessionButton session={session} label={label} />}
          {session.booked === 0 && <DeleteSessionButton session={session} label={label} />}
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

  return (
    <AdminTabSection
      id="sessions-heading"
      title="Sessions"
      description="Selected applicants book a seat in one of these. Times are in Nairobi (EAT)."
      action={
        sessions.data && sessions.data.length > 0 ? <AddSessionDialog study={study} /> : undefined
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
          <AddSessionDialog study={study} />
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
