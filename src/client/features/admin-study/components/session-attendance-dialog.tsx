import { ClipboardCheckIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useMarkSessionAttendance } from '@/client/api/sessions/mark-session-attendance';
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
import { EmptyState } from '@/client/components/ui/list-states';
import { PendingButton } from '@/client/components/ui/pending-button';
import { ChoiceRadios } from '@/client/components/ui/choice-radios';
import { toast } from '@/client/components/ui/use-toast';
import { toastFailure } from '@/client/lib/toast-failure';
import type { AdminApplication } from '@/shared/schemas/applications';
import type { Attendance } from '@/shared/schemas/options';
import type { StudySession } from '@/shared/schemas/sessions';
import { participantName } from './application-table';

const choices: readonly { value: Attendance; label: string }[] = [
  { value: 'attended', label: 'Attended' },
  { value: 'no_show', label: 'No-show' },
  { value: 'excused', label: 'Excused' },
];

/** What a booking that can no longer be marked shows instead of the choices. */
function settledText(application: AdminApplication): string {
  if (application.status === 'completed') return 'Completed';
  if (application.status === 'no_show') return 'No-show';
  return application.status.charAt(0).toUpperCase() + application.status.slice(1);
}

/**
 * Attendance for one session once it has started: each person booked in it as attended,
 * no-show or excused (a radio group each, moved through with the arrow keys), saved together.
 * Attended ones can then be completed; a no-show ends the application; excused go back to
 * selected. Before the start the button is disabled, described by `closedNoteId` (the row
 * says why).
 */
export function SessionAttendanceDialog({
  session,
  label,
  started,
  closedNoteId,
  applications,
  loading,
}: {
  session: StudySession;
  label: string;
  started: boolean;
  /** The row's note saying attendance opens at the start, read with the disabled button. */
  closedNoteId?: string;
  applications: readonly AdminApplication[];
  loading: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [marks, setMarks] = useState<Record<string, Attendance>>({});
  const save = useMarkSessionAttendance();
  // A second click lands before isPending shows: one save per submit.
  const busy = useRef(false);
  const booked = applications.filter((a) => a.session?.id === session.id);
  const markable = booked.filter((a) => a.status === 'scheduled');
  const chosen = markable.filter((a) => {
    const mark = marks[a.id];
    return mark !== undefined && mark !== a.attendance;
  });

  function onOpenChange(next: boolean) {
    if (save.isPending) return;
    if (next)
      setMarks(
        Object.fromEntries(
          markable.flatMap((a) => (a.attendance ? [[a.id, a.attendance] as const] : [])),
        ),
      );
    setOpen(next);
  }

  async function submit() {
    if (busy.current) return;
    busy.current = true;
    const of = (value: Attendance) => chosen.filter((a) => marks[a.id] === value).map((a) => a.id);
    try {
      await save.mutateAsync({
        id: session.id,
        attended: of('attended'),
        noShow: of('no_show'),
        excused: of('excused'),
      });
      toast({
        title: 'Attendance saved',
        description: `${chosen.length} ${chosen.length === 1 ? 'booking was' : 'bookings were'} marked.`,
      });
      setOpen(false);
    } catch (error) {
      toastFailure('Failed to save attendance', error, 'Nothing was marked. Please try again.');
    } finally {
      busy.current = false;
    }
  }

  if (!started) {
    return (
      <Button
        variant="outline"
        size="sm"
        disabled
        aria-label={`Attendance for session ${label}`}
        aria-describedby={closedNoteId}
      >
        <ClipboardCheckIcon aria-hidden="true" />
        Attendance
      </Button>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Attendance for session ${label}`}>
          <ClipboardCheckIcon aria-hidden="true" />
          Attendance
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Attendance</DialogTitle>
          <DialogDescription>
            {label}. Attended ones can then be completed and paid; a no-show ends the application
            and counts against the participant; excused go back to selected.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen.length > 0 && !save.isPending) void submit();
          }}
        >
          {loading ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading the people booked…
            </p>
          ) : booked.length === 0 ? (
            <EmptyState>No one is booked in this session.</EmptyState>
          ) : (
            <ul className="grid gap-3" aria-label="People booked in this session">
              {booked.map((application) => {
                const name = participantName(application);
                const nameId = `${id}-${application.id}`;
                return (
                  <li
                    key={application.id}
                    data-application-id={application.id}
                    className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
                  >
                    <p id={nameId} className="text-sm font-medium wrap-anywhere">
                      {name}
                    </p>
                    {application.status === 'scheduled' ? (
                      <ChoiceRadios
                        name={nameId}
                        labelledBy={nameId}
                        value={marks[application.id] ?? ''}
                        onChange={(value) =>
                          setMarks((old) => ({ ...old, [application.id]: value }))
                        }
                        options={choices}
                        disabled={save.isPending}
                        className="gap-x-4"
                      />
                    ) : (
                      <p className="text-sm text-muted-foreground">{settledText(application)}</p>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={save.isPending}
              onClick={() => onOpenChange(false)}
            >
              Close
            </Button>
            <PendingButton
              type="submit"
              pending={save.isPending}
              pendingLabel="Saving…"
              disabled={chosen.length === 0}
            >
              Save attendance
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
