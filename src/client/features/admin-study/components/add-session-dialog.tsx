import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useCreateSession } from '@/client/api/sessions/create-session';
import { useCreateSessionSeries } from '@/client/api/sessions/create-session-series';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';
import type { StudySession } from '@/shared/schemas/sessions';
import type { Study } from '@/shared/schemas/studies';
import { newSessionValues, seriesOverrun } from '../session-form';
import { SessionFormDialog, useSessionForm } from './session-form-dialog';

/**
 * "Add session": one session, or a daily or weekly series of them (all or none). A series
 * that runs past the study's end is refused here, saying how many fit. `onAdded` gets the
 * first new session (the page moves the focus to it).
 */
export function AddSessionDialog({
  study,
  onAdded,
}: {
  study: Study;
  onAdded?: (session: StudySession) => void;
}) {
  const [open, setOpen] = useState(false);
  const createOne = useCreateSession();
  const createSeries = useCreateSessionSeries();
  const form = useSessionForm(newSessionValues(study.duration));

  return (
    <SessionFormDialog
      form={form}
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset(newSessionValues(study.duration));
        setOpen(next);
      }}
      trigger={
        <Button data-add-session="">
          <PlusIcon aria-hidden="true" />
          Add session
        </Button>
      }
      title="Add session"
      description={
        <>
          Times are in Nairobi (EAT). Each session falls on a day between the study’s start and end
          dates.
        </>
      }
      submitLabel="Add session"
      pendingLabel="Adding…"
      editing={false}
      onSave={async (payload) => {
        if (payload.series) {
          const overrun = seriesOverrun(payload, study.endDate);
          if (overrun) {
            form.setError('count', { message: overrun }, { shouldFocus: true });
            return;
          }
          const sessions = await createSeries.mutateAsync({ testId: study.id, ...payload.body });
          toast({
            title: 'Sessions added',
            description: `${sessions.length} ${payload.body.repeat} sessions were added.`,
          });
          setOpen(false);
          if (sessions[0]) onAdded?.(sessions[0]);
        } else {
          const session = await createOne.mutateAsync({ testId: study.id, ...payload.body });
          toast({ title: 'Session added', description: 'Selected applicants can now book it.' });
          setOpen(false);
          onAdded?.(session);
        }
      }}
      failure={{ title: 'Failed to add session', text: 'No session was added. Please try again.' }}
    />
  );
}
