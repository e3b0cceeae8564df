import { CalendarClockIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useBookSessionSeat } from '@/client/api/bookings/book-session';
import { useStudySessionsForBooking } from '@/client/api/bookings/get-study-sessions';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/client/components/ui/dialog';
import { ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { PendingButton } from '@/client/components/ui/pending-button';
import { toast } from '@/client/components/ui/use-toast';
import { useT } from '@/client/i18n/language';
import { errorMessageOf } from '@/client/lib/error-message';
import { toastFailure } from '@/client/lib/toast-failure';
import { useNow } from '@/client/lib/use-now';
import type { Application } from '@/shared/schemas/applications';
import type { BookedSession } from '@/shared/schemas/sessions';
import { bookableSessions } from '../booking-rules';
import { SessionOption } from './session-option';
import { useSessionWhen } from './session-facts';

/**
 * "Reschedule": the study's other sessions with a free seat, one to choose, then the move
 * (POST booking from scheduled). A refusal keeps the dialog open and says why in it.
 */
export function RescheduleDialog({
  application,
  session,
  disabled,
  describedBy,
  onDone,
}: {
  application: Application;
  session: BookedSession;
  disabled: boolean;
  describedBy?: string | undefined;
  onDone: () => void;
}) {
  const t = useT('dashboard');
  const when = useSessionWhen();
  const now = useNow(60_000);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const moved = useRef(false);
  const submitting = useRef(false);
  const content = useRef<HTMLDivElement>(null);
  const sessions = useStudySessionsForBooking(application.testId, { enabled: open });
  const book = useBookSessionSeat();
  const groupLabelId = useId();
  const failureId = useId();
  const others = bookableSessions(sessions.data ?? [], now).filter((s) => s.id !== session.id);

  // The focus starts on the first session to choose. While they load it waits on the dialog
  // (not on "Keep booking", after the choices, where a keyboard user would have to Tab
  // round to them) and moves to the first one when they come, unless the user moved on.
  function focusFirstChoice() {
    const first = content.current?.querySelector<HTMLInputElement>('input[type="radio"]');
    (first ?? content.current)?.focus();
  }
  const loaded = sessions.isSuccess;
  useEffect(() => {
    if (open && loaded && document.activeElement === content.current) focusFirstChoice();
  }, [open, loaded]);

  async function submit() {
    // A second Enter or click before the button shows "Moving…" sends nothing more.
    if (submitting.current) return;
    setFailure(null);
    const next = others.find((s) => s.id === choice);
    if (!next) {
      setFailure(t('booking.chooseFirst'));
      return;
    }
    submitting.current = true;
    try {
      await book.mutateAsync({ applicationId: application.id, sessionId: next.id });
      moved.current = true;
      setOpen(false);
      toast({
        title: t('booking.rescheduled'),
        description: t('booking.rescheduledDescription', { when: when(next) }),
      });
    } catch (error) {
      setFailure(errorMessageOf(error, t('tryAgain')));
      toastFailure(t('booking.rescheduleFailed'), error, t('tryAgain'));
    } finally {
      submitting.current = false;
    }
  }

  let body;
  if (sessions.isPending) {
    body = <LoadingList label={t('booking.loading')} count={2} itemClassName="h-20" />;
  } else if (sessions.isError) {
    body = (
      <ErrorState
        title={t('booking.error')}
        message={errorMessageOf(sessions.error, t('tryAgain'))}
        onRetry={() => void sessions.refetch()}
        retrying={sessions.isFetching}
      />
    );
  } else if (others.length === 0) {
    body = <p className="text-sm text-muted-foreground">{t('booking.rescheduleNone')}</p>;
  } else {
    body = (
      <div className="grid gap-2">
        <p id={groupLabelId} className="text-sm font-medium">
          {t('booking.sessionsLabel')}
        </p>
        <div
          role="radiogroup"
          aria-labelledby={groupLabelId}
          aria-describedby={failure ? failureId : undefined}
          className="grid gap-2"
        >
          {others.map((option) => (
            <SessionOption
              key={option.id}
              session={option}
              name={`reschedule-${application.id}`}
              checked={choice === option.id}
              onChoose={(id) => {
                setChoice(id);
                setFailure(null);
              }}
            />
          ))}
        </div>
      </div>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (book.isPending) return;
        setOpen(next);
        setFailure(null);
        if (next) setChoice('');
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="h-auto min-h-9 shrink whitespace-normal"
          disabled={disabled}
          aria-describedby={describedBy}
        >
          <CalendarClockIcon aria-hidden="true" />
          {t('booking.reschedule')}
        </Button>
      </DialogTrigger>
      <DialogContent
        ref={content}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          focusFirstChoice();
        }}
        onCloseAutoFocus={(event) => {
          if (!moved.current) return;
          moved.current = false;
          event.preventDefault();
          onDone();
        }}
      >
        <form
          className="grid min-w-0 gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('booking.rescheduleTitle')}</DialogTitle>
            <DialogDescription>
              {t('booking.rescheduleDescription', { when: when(session) })}
            </DialogDescription>
          </DialogHeader>
          {body}
          {failure && (
            <p
              id={failureId}
              role="alert"
              className="rounded-lg border border-destructive/50 bg-destructive/5 p-3 text-sm"
            >
              {failure}
            </p>
          )}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              className="h-auto min-h-9 shrink whitespace-normal"
              disabled={book.isPending}
              onClick={() => setOpen(false)}
            >
              {t('booking.keep')}
            </Button>
            {others.length > 0 && (
              <PendingButton
                type="submit"
                className="h-auto min-h-9 shrink whitespace-normal"
                pending={book.isPending}
                pendingLabel={t('booking.rescheduling')}
              >
                {t('booking.rescheduleConfirm')}
              </PendingButton>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
