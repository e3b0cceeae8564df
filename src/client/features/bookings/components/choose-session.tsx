import { HourglassIcon, UsersIcon } from 'lucide-react';
import { useId, useRef } from 'react';
import { useBookSessionSeat } from '@/client/api/bookings/book-session';
import { useStudySessionsForBooking } from '@/client/api/bookings/get-study-sessions';
import { useJoinWaitlist } from '@/client/api/bookings/join-waitlist';
import { useLeaveWaitlist } from '@/client/api/bookings/leave-waitlist';
import { ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { Button } from '@/client/components/ui/button';
import { PendingButton } from '@/client/components/ui/pending-button';
import { toast } from '@/client/components/ui/use-toast';
import { useLanguage, useT } from '@/client/i18n/language';
import { errorMessageOf } from '@/client/lib/error-message';
import { clockTime } from '@/client/lib/format-session-time';
import { toastFailure } from '@/client/lib/toast-failure';
import { useNow } from '@/client/lib/use-now';
import type { Application } from '@/shared/schemas/applications';
import type { StudySession } from '@/shared/schemas/sessions';
import { bookableSessions, upcomingSessions } from '../booking-rules';
import { ActionConfirm } from './action-confirm';
import { SessionFacts, useSessionWhen } from './session-facts';

/**
 * A selected application: its study's open sessions with seats, each with Book; when every
 * one is full, the waitlist (join, place in line, leave); a seat held for the participant
 * shows first, with Book this seat.
 */
export function ChooseSession({
  application,
  onDone,
}: {
  application: Application;
  onDone: () => void;
}) {
  const t = useT('dashboard');
  const language = useLanguage();
  const when = useSessionWhen();
  const now = useNow(60_000);
  const titleId = useId();
  const sessions = useStudySessionsForBooking(application.testId);
  const book = useBookSessionSeat();
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const busy = book.isPending || join.isPending || leave.isPending;
  const waitlist = application.waitlist;
  // A double click (or a second tap on a slow phone) lands before the buttons re-render as
  // disabled: without this the second request is refused and its error toast replaces the
  // "booked" one, though the seat was booked.
  const acting = useRef(false);
  async function once(action: () => Promise<void>) {
    if (acting.current) return;
    acting.current = true;
    try {
      await action();
    } finally {
      acting.current = false;
    }
  }

  async function bookSeat(session: StudySession) {
    try {
      await book.mutateAsync({ applicationId: application.id, sessionId: session.id });
      toast({
        title: t('booking.booked'),
        description: t('booking.bookedDescription', { when: when(session) }),
      });
      onDone();
    } catch (error) {
      toastFailure(t('booking.bookFailed'), error, t('tryAgain'));
    }
  }

  async function joinLine() {
    try {
      await join.mutateAsync(application.testId);
      toast({ title: t('booking.joined'), description: t('booking.positionHint') });
      // The Join button gives way to the place in line.
      onDone();
    } catch (error) {
      toastFailure(t('booking.joinFailed'), error, t('tryAgain'));
    }
  }

  async function leaveLine() {
    try {
      await leave.mutateAsync(application.testId);
      toast({ title: t('booking.left') });
      // By now the refetched application has no place in line: this button and its dialog
      // are gone, and with them the dialog's own return of the focus.
      onDone();
      return true;
    } catch (error) {
      toastFailure(t('booking.leaveFailed'), error, t('tryAgain'));
      return false;
    }
  }

  // Confirmed first: the place in line is lost for good, and beside "Book this seat" one
  // mistaken tap would give the held seat away.
  const leaveButton = (
    <ActionConfirm
      trigger={
        <Button
          variant="outline"
          size="sm"
          className="h-auto min-h-9 whitespace-normal"
          disabled={busy}
        >
          {t('booking.leaveWaitlist')}
        </Button>
      }
      title={t('booking.leaveTitle')}
      description={
        waitlist?.status === 'offered'
          ? t('booking.leaveOfferDescription')
          : t('booking.leaveDescription')
      }
      confirmLabel={t('booking.leaveWaitlist')}
      cancelLabel={t('booking.stayInLine')}
      pendingLabel={t('booking.leaving')}
      pending={leave.isPending}
      onConfirm={leaveLine}
      onDone={onDone}
    />
  );

  let body;
  let heading = t('booking.choose.title');
  // "Book the time that suits you" only where there is one to book (not above "All
  // sessions are full" or "No sessions yet").
  let invite = !waitlist;
  if (sessions.isPending) {
    body = <LoadingList label={t('booking.loading')} count={1} itemClassName="h-20" />;
  } else if (sessions.isError) {
    body = (
      <ErrorState
        title={t('booking.error')}
        message={errorMessageOf(sessions.error, t('tryAgain'))}
        onRetry={() => void sessions.refetch()}
        retrying={sessions.isFetching}
      />
    );
  } else {
    const upcoming = upcomingSessions(sessions.data, now);
    const open = bookableSessions(sessions.data, now);
    // A hold that ran out while the page stayed open is no longer offered (Book this seat
    // would only be refused): the place in line shows until the next refetch says more.
    const offered =
      waitlist?.status === 'offered' &&
      waitlist.offerExpiresAt &&
      new Date(waitlist.offerExpiresAt).getTime() > now
        ? sessions.data.find((s) => s.id === waitlist.offeredSessionId)
        : undefined;
    if (offered && waitlist?.offerExpiresAt) {
      heading = t('booking.offer.title');
      body = (
        <div
          className="grid gap-3 rounded-lg border-2 border-primary bg-primary/5 p-3 sm:p-4"
          data-testid="seat-offer"
        >
          <p className="flex items-start gap-2 font-semibold">
            <HourglassIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {t('booking.offer.until', { time: clockTime(waitlist.offerExpiresAt, language) })}
          </p>
          <SessionFacts session={offered} />
          <div className="flex flex-wrap gap-2">
            <PendingButton
              pending={book.isPending}
              pendingLabel={t('booking.booking')}
              disabled={busy}
              onClick={() => void once(() => bookSeat(offered))}
            >
              {t('booking.offer.book')}
            </PendingButton>
            {leaveButton}
          </div>
        </div>
      );
    } else if (upcoming.length === 0) {
      invite = false;
      body = <p className="text-sm text-muted-foreground">{t('booking.noSessions')}</p>;
    } else if (open.length === 0) {
      invite = false;
      if (waitlist) heading = t('booking.waitlist.title');
      body = (
        <div className="grid gap-2 text-sm">
          <p className="flex items-center gap-2 font-medium">
            <UsersIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            {t('booking.allFull')}
          </p>
          {waitlist ? (
            <>
              {waitlist.position !== null && (
                <p className="font-medium">
                  {t('booking.position', { position: waitlist.position })}
                </p>
              )}
              <p className="text-muted-foreground">{t('booking.positionHint')}</p>
              <div>{leaveButton}</div>
            </>
          ) : (
            <>
              <p className="text-muted-foreground">{t('booking.allFullHint')}</p>
              <div>
                <PendingButton
                  size="sm"
                  className="h-auto min-h-9 whitespace-normal"
                  pending={join.isPending}
                  pendingLabel={t('booking.joining')}
                  disabled={busy}
                  onClick={() => void once(joinLine)}
                >
                  {t('booking.joinWaitlist')}
                </PendingButton>
              </div>
            </>
          )}
        </div>
      );
    } else {
      const bookingId = book.isPending ? book.variables.sessionId : null;
      body = (
        <ul className="grid gap-2">
          {open.map((session) => (
            <li
              key={session.id}
              className="grid gap-3 rounded-lg border bg-background p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
            >
              <SessionFacts session={session} seatsLeft={session.seatsLeft} />
              <PendingButton
                size="sm"
                className="justify-self-start"
                pending={bookingId === session.id}
                pendingLabel={t('booking.booking')}
                disabled={busy}
                aria-label={t('booking.bookLabel', { when: when(session) })}
                onClick={() => void once(() => bookSeat(session))}
              >
                {t('booking.book')}
              </PendingButton>
            </li>
          ))}
        </ul>
      );
    }
  }

  return (
    <section aria-labelledby={titleId} className="grid gap-3" data-testid="choose-session">
      <div>
        <h4 id={titleId} className="font-semibold">
          {heading}
        </h4>
        {invite && (
          <p className="text-sm text-muted-foreground">{t('booking.choose.description')}</p>
        )}
      </div>
      {body}
    </section>
  );
}
