import { useResetReliability } from '@/client/api/participants/reset-reliability';
import { useRef } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { toast } from '@/client/components/ui/use-toast';
import { firstControlIn, focusSoon } from '@/client/lib/admin-focus';
import { reliabilityText } from '@/client/lib/admin-reliability';
import { sessionStartText } from '@/client/lib/admin-session-time';
import { NO_VALUE } from '@/client/lib/no-value';
import { toastFailure } from '@/client/lib/toast-failure';
import type { AdminApplication } from '@/shared/schemas/applications';
import type { Reliability } from '@/shared/schemas/sessions';

/**
 * "Reset no-shows" for a participant whose booking is paused (NO_SHOW_LIMIT no-shows in the
 * window): asked first, audited on the server; they can then book again. The focus then
 * goes to the row's next control (this button is gone).
 */
export function ResetNoShowsButton({
  participantId,
  person,
  noShows,
}: {
  participantId: string;
  person: string;
  noShows: number;
}) {
  const reset = useResetReliability();
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <ConfirmDialog
      trigger={
        <Button ref={trigger} variant="link" size="sm" className="h-auto p-0 text-xs">
          Reset no-shows<span className="sr-only"> of {person}</span>
        </Button>
      }
      title={`Reset ${person}’s no-shows?`}
      description={`Their ${noShows} ${noShows === 1 ? 'no-show stops' : 'no-shows stop'} counting, so they can book sessions again. The reset is recorded in the activity log.`}
      confirmLabel="Reset no-shows"
      cancelLabel="Keep paused"
      destructive={false}
      pendingLabel="Resetting…"
      pending={reset.isPending}
      onConfirm={async () => {
        // This button goes once reset: the focus moves to the row's next control.
        const row = trigger.current?.closest('tr, li');
        try {
          const { noShowsBefore } = await reset.mutateAsync(participantId);
          focusSoon(() => firstControlIn(row));
          toast({
            title: 'No-shows reset',
            description: `${person} can book again (${noShowsBefore} ${noShowsBefore === 1 ? 'no-show' : 'no-shows'} cleared).`,
          });
          return true;
        } catch (error) {
          toastFailure('Failed to reset no-shows', error, 'Booking is still paused.');
          return false;
        }
      }}
    />
  );
}

type Person = {
  id: string;
  firstName: string;
  lastName: string;
  reliability: Reliability;
};

/**
 * A participant's record beside their name (an application's person, or a row of the
 * Participants tab), and "Booking paused" at the no-show limit with its reset.
 */
export function ReliabilityLine({
  application,
  person: given,
}: {
  application?: AdminApplication;
  person?: Person;
}) {
  const person = given ?? application?.participant;
  if (!person) return null;
  const { reliability } = person;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      <span data-slot="reliability">{reliabilityText(reliability)}</span>
      {reliability.bookingPaused && (
        <>
          <Badge variant="warning">Booking paused</Badge>
          <ResetNoShowsButton
            participantId={person.id}
            person={`${person.firstName} ${person.lastName}`.trim()}
            noShows={reliability.noShowCount}
          />
        </>
      )}
    </span>
  );
}

const attendanceText = { attended: 'Attended', no_show: 'No-show' } as const;

/** The session booked (day and time in Nairobi) and, once marked, the attendance. */
export function BookedSessionCell({ application }: { application: AdminApplication }) {
  const { session, attendance } = application;
  if (!session) return <>{NO_VALUE}</>;
  return (
    <span className="grid gap-1">
      <span className="whitespace-nowrap">
        {sessionStartText(session.startsAt)}
        {session.status === 'cancelled' && ' (cancelled)'}
      </span>
      {attendance && (
        <Badge variant={attendance === 'attended' ? 'success' : 'destructive'}>
          {attendanceText[attendance]}
        </Badge>
      )}
    </span>
  );
}
