import { CalendarPlusIcon, ExternalLinkIcon, XCircleIcon } from 'lucide-react';
import { useId } from 'react';
import { calendarUrl } from '@/client/api/bookings/keys';
import { useCancelMyBooking } from '@/client/api/bookings/cancel-booking';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';
import { useT } from '@/client/i18n/language';
import { toastFailure } from '@/client/lib/toast-failure';
import { useNow } from '@/client/lib/use-now';
import type { Application } from '@/shared/schemas/applications';
import type { BookedSession } from '@/shared/schemas/sessions';
import { BOOKING_CUTOFF_HOURS, pastCutoff } from '../booking-rules';
import { ActionConfirm } from './action-confirm';
import { RescheduleDialog } from './reschedule-dialog';
import { SessionFacts, useSessionWhen } from './session-facts';

/** A label that wraps rather than push the card wider (Kiswahili at 320 px did, by 9 px). */
const wrapping = 'h-auto min-h-9 shrink whitespace-normal';

/**
 * A scheduled application's session: when and where (or the link), Add to calendar, and
 * Reschedule and Cancel until the cut-off. Past it both are disabled and the reason is said
 * beside them (the server refuses too; its message is shown if the two ever disagree).
 */
export function UpcomingSession({
  application,
  session,
  onDone,
}: {
  application: Application;
  session: BookedSession;
  onDone: () => void;
}) {
  const t = useT('dashboard');
  const when = useSessionWhen();
  const now = useNow(60_000);
  const cancel = useCancelMyBooking();
  const titleId = useId();
  const reasonId = useId();
  const locked = pastCutoff(session.startsAt, now);
  const started = new Date(session.startsAt).getTime() <= now;

  async function confirmCancel() {
    try {
      await cancel.mutateAsync(application.id);
      toast({ title: t('booking.cancelled'), description: t('booking.cancelledDescription') });
      return true;
    } catch (error) {
      toastFailure(t('booking.cancelFailed'), error, t('tryAgain'));
      return false;
    }
  }

  const joinLink = session.meetingUrl ? (
    <a
      href={session.meetingUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
    >
      {t('booking.join')}
      <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">{t('booking.newTab')}</span>
    </a>
  ) : undefined;

  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3 sm:p-4"
      data-testid="upcoming-session"
    >
      <h4 id={titleId} className="font-semibold">
        {started ? t('booking.started.title') : t('booking.upcoming.title')}
      </h4>
      <SessionFacts session={session} joinLink={joinLink} />
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm" className={wrapping}>
          <a href={calendarUrl(application.id)} download>
            <CalendarPlusIcon aria-hidden="true" />
            {t('booking.addToCalendar')}
          </a>
        </Button>
        <RescheduleDialog
          application={application}
          session={session}
          disabled={locked}
          describedBy={locked ? reasonId : undefined}
          onDone={onDone}
        />
        <ActionConfirm
          trigger={
            <Button
              variant="outline"
              size="sm"
              className={wrapping}
              disabled={locked}
              aria-describedby={locked ? reasonId : undefined}
            >
              <XCircleIcon aria-hidden="true" />
              {t('booking.cancel')}
            </Button>
          }
          title={t('booking.cancelTitle')}
          description={t('booking.cancelDescription', { when: when(session) })}
          confirmLabel={t('booking.cancel')}
          cancelLabel={t('booking.keep')}
          pendingLabel={t('booking.cancelling')}
          pending={cancel.isPending}
          onConfirm={confirmCancel}
          onDone={onDone}
        />
      </div>
      {locked && (
        <p id={reasonId} className="text-sm text-muted-foreground">
          {t('booking.cutoff', { hours: BOOKING_CUTOFF_HOURS })}
        </p>
      )}
    </section>
  );
}
