import { useId, useRef, useState } from 'react';
import { useBookSession } from '@/client/api/sessions/book-session';
import { useStudySessions } from '@/client/api/sessions/get-study-sessions';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { PendingButton } from '@/client/components/ui/pending-button';
import { ChoiceRadios } from '@/client/components/ui/choice-radios';
import { toast } from '@/client/components/ui/use-toast';
import { minutesText, sessionWhen } from '@/client/lib/admin-session-time';
import { errorMessageOf } from '@/client/lib/error-message';
import { toastFailure } from '@/client/lib/toast-failure';
import type { Application } from '@/shared/schemas/applications';

/**
 * "Book session…": the study's open sessions that have not started and still have a seat,
 * one to choose (arrow keys move through them), then POST booking. Staff may book from
 * interested, screening or selected, or move a scheduled applicant to another session.
 */
export function AdminBookSessionDialog({
  open,
  onOpenChange,
  application,
  person,
  onBooked,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  application: Application;
  person: string;
  /** Called once booked, before the dialog closes (keeps the row's focus). */
  onBooked?: () => void;
}) {
  const id = useId();
  const sessions = useStudySessions(application.testId, { enabled: open });
  const book = useBookSession();
  const [chosen, setChosen] = useState('');
  // A second click lands before isPending shows: one booking per submit.
  const busy = useRef(false);
  const now = Date.now();
  const moving = application.status === 'scheduled';
  const choices = (sessions.data ?? []).filter(
    (session) =>
      session.status === 'open' &&
      Date.parse(session.startsAt) > now &&
      session.seatsLeft > 0 &&
      session.id !== application.session?.id,
  );

  async function submit() {
    if (busy.current) return;
    busy.current = true;
    onBooked?.();
    try {
      const booked = await book.mutateAsync({ applicationId: application.id, sessionId: chosen });
      const when = booked.session ? sessionWhen(booked.session.startsAt, 0) : undefined;
      toast({
        title: moving ? 'Booking moved' : 'Session booked',
        description: when
          ? `${person} is booked for ${when.day} at ${when.start} EAT and was told.`
          : `${person} is booked.`,
      });
      onOpenChange(false);
    } catch (error) {
      toastFailure('Failed to book session', error, 'No seat was booked. Please try again.');
    } finally {
      busy.current = false;
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !book.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>
            {moving ? 'Move' : 'Book'} {person}
          </DialogTitle>
          <DialogDescription>
            {moving
              ? 'Choose another session; the seat they hold now is freed.'
              : `Choose a session of “${application.test.title}” with a seat left. They are told by e-mail and SMS.`}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen && !book.isPending) void submit();
          }}
        >
          {sessions.isPending ? (
            <LoadingList label="Loading sessions…" count={2} itemClassName="h-12" />
          ) : sessions.isError ? (
            <ErrorState
              title="The sessions could not be loaded."
              message={errorMessageOf(sessions.error, 'Please try again.')}
              onRetry={() => void sessions.refetch()}
              retrying={sessions.isFetching}
            />
          ) : choices.length === 0 ? (
            <EmptyState>
              No session with a seat left. Add a session, or more seats, on the study’s Sessions
              tab.
            </EmptyState>
          ) : (
            <fieldset className="grid gap-2">
              <legend id={`${id}-legend`} className="mb-2 text-sm font-medium">
                Session (times in EAT)
              </legend>
              <ChoiceRadios
                name={`${id}-session`}
                labelledBy={`${id}-legend`}
                value={chosen}
                onChange={setChosen}
                disabled={book.isPending}
                className="grid gap-2"
                optionClassName="rounded-lg border p-3 has-checked:border-primary has-checked:bg-primary/5"
                options={choices.map((session) => {
                  const when = sessionWhen(session.startsAt, session.durationMinutes);
                  const place = session.mode === 'in_person' ? session.location : 'Remote';
                  const seats = `${session.seatsLeft} ${session.seatsLeft === 1 ? 'seat' : 'seats'} left`;
                  return {
                    value: session.id,
                    label: `${when.day}, ${when.time}`,
                    hint: `${minutesText(session.durationMinutes)} · ${place ?? ''} · ${seats}`,
                  };
                })}
              />
            </fieldset>
          )}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={book.isPending}
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </Button>
            <PendingButton
              type="submit"
              pending={book.isPending}
              pendingLabel="Booking…"
              disabled={!chosen}
            >
              {moving ? 'Move booking' : 'Book session'}
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
