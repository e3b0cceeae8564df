import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useUpdateSession } from '@/client/api/sessions/update-session';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';
import type { StudySession } from '@/shared/schemas/sessions';
import { sessionChanges, sessionValues } from '../session-form';
import { SessionFormDialog, useSessionForm } from './session-form-dialog';

/**
 * "Edit session", filled in from what is stored; only the fields changed are sent, so a new
 * number of seats does not tell the people booked that their session moved.
 */
export function EditSessionDialog({ session, label }: { session: StudySession; label: string }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateSession();
  const form = useSessionForm(sessionValues(session));
  // Seats held for the waitlist's next person count as taken too.
  const held = Math.max(session.capacity - session.booked - session.seatsLeft, 0);
  const taken = session.booked + held;

  return (
    <SessionFormDialog
      form={form}
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset(sessionValues(session));
        setOpen(next);
      }}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Edit session ${label}`}>
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
      }
      title="Edit session"
      description={
        session.booked > 0
          ? `${session.booked} booked: a new time or place is sent to them by e-mail and SMS.`
          : 'Times are in Nairobi (EAT).'
      }
      submitLabel="Save changes"
      pendingLabel="Saving…"
      editing
      seatsNote={
        taken === 0
          ? undefined
          : held === 0
            ? `At least ${taken}: the seats already booked.`
            : `At least ${taken}: ${session.booked} booked and ${held} held for the waitlist.`
      }
      onSave={async (payload) => {
        const changes = sessionChanges(session, payload.body);
        // Said here, with what to enter, rather than after a refused save.
        if (changes.capacity !== undefined && changes.capacity < taken) {
          form.setError(
            'capacity',
            {
              message: `${taken} ${taken === 1 ? 'seat is' : 'seats are'} taken: enter ${taken} or more.`,
            },
            { shouldFocus: true },
          );
          return;
        }
        if (Object.keys(changes).length === 0) {
          toast({ title: 'Nothing to save', description: 'The session was not changed.' });
          setOpen(false);
          return;
        }
        await update.mutateAsync({ id: session.id, ...changes });
        const told =
          session.booked > 0 &&
          (changes.startsAt ||
            changes.location ||
            changes.meetingUrl ||
            changes.mode ||
            changes.durationMinutes);
        toast({
          title: 'Session updated',
          description: told ? 'Everyone booked is told of the change.' : 'The session was saved.',
        });
        setOpen(false);
      }}
      failure={{
        title: 'Failed to update session',
        text: 'The session was not changed. Please try again.',
      }}
    />
  );
}
