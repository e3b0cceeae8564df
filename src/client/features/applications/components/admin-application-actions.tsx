import { useId, useRef, useState } from 'react';
import { useKeepFocus } from '@/client/lib/use-keep-focus';
import { StatusActions } from '@/client/components/domain/status-actions';
import { toastFailure } from '@/client/lib/toast-failure';
import { toast } from '@/client/components/ui/use-toast';
import { applicationTransitions } from '@/shared/rules/transitions';
import type { AdminApplication, Application } from '@/shared/schemas/applications';
import type { ApplicationStatus } from '@/shared/schemas/options';
import { useUpdateApplicationStatus } from '@/client/api/applications/update-application-status';
import { AdminCompleteApplicationDialog } from './admin-complete-application-dialog';

/** The verb on each move's button: "Schedule Jane Doe". */
const moveVerb: Record<ApplicationStatus, string> = {
  interested: 'Reopen',
  screening: 'Screen',
  selected: 'Select',
  scheduled: 'Schedule',
  completed: 'Complete',
  declined: 'Decline',
  disqualified: 'Disqualify',
  withdrawn: 'Withdraw',
  no_show: 'Mark no-show',
};

/** What the toast says once moved: "Jane Doe is now scheduled." */
const movedText: Record<ApplicationStatus, string> = {
  interested: 'is back to submitted',
  screening: 'is now in screening',
  selected: 'is now selected',
  scheduled: 'is now scheduled',
  completed: 'has completed the study; a pending payment was created',
  declined: 'was declined',
  disqualified: 'was disqualified',
  withdrawn: 'has withdrawn',
  no_show: 'did not attend',
};

/** The step most often taken next, offered as the button; the others sit in the menu. */
const primaryMoves: readonly ApplicationStatus[] = ['scheduled', 'completed'];

/** Moves that end the application for good: asked first. */
const finalRefusals: readonly ApplicationStatus[] = ['declined', 'disqualified'];

type Row = Application & Partial<Pick<AdminApplication, 'participant'>>;

function personOf(application: Row): string {
  const person = application.participant;
  if (person === null) return 'Deleted participant';
  if (person) return `${person.firstName} ${person.lastName}`.trim();
  return 'this participant';
}

/**
 * The admin's row actions for one application, following the state machine of
 * decisions.md section 5: the main next step as a button (Schedule, or Complete
 * once scheduled), the rest in a menu. Scheduling is disabled (the reason said) when
 * `full`; completing asks for the hours worked; declining and disqualifying ask
 * first. Final states offer nothing. Toasts say how it went.
 */
export function ApplicationActions({
  application,
  full,
}: {
  application: Application | AdminApplication;
  full: boolean;
}) {
  const update = useUpdateApplicationStatus();
  const [completing, setCompleting] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const moved = useKeepFocus(box);
  const fullId = useId();
  const person = personOf(application);
  const moves = applicationTransitions[application.status];
  const primary = moves.find((to) => primaryMoves.includes(to));
  const pending = update.isPending;

  async function move(to: ApplicationStatus, hoursWorked?: number): Promise<boolean> {
    moved();
    try {
      await update.mutateAsync({
        id: application.id,
        status: to,
        ...(hoursWorked !== undefined ? { hoursWorked } : {}),
      });
      toast({
        title: 'Application updated',
        description: `${person} ${movedText[to]}.`,
      });
      return true;
    } catch (error) {
      toastFailure(
        'Failed to update application',
        error,
        'The application could not be moved. Please try again.',
      );
      return false;
    }
  }

  const scheduleBlocked = (to: ApplicationStatus) => to === 'scheduled' && full;
  const refusal = (to: ApplicationStatus) => {
    if (!finalRefusals.includes(to)) return undefined;
    const verb = to === 'disqualified' ? 'Disqualify' : 'Decline';
    const study = application.test.title;
    return {
      title: `${verb} ${person}?`,
      description:
        to === 'disqualified'
          ? `${person} will be disqualified from “${study}”. This is final: the application cannot be moved again.`
          : `${person}’s application to “${study}” will be declined and they will be told by e-mail. This is final: the application cannot be moved again.`,
      confirmLabel: verb,
      cancelLabel: 'Keep application',
      destructive: true,
    };
  };

  return (
    <div ref={box} className="flex items-center justify-end gap-1">
      <StatusActions
        moves={moves}
        asButtons={primary ? [primary] : []}
        // Schedule becomes Complete in the same button, so the focus stays on it.
        keyByPosition
        verb={(to) => moveVerb[to]}
        buttonSize="sm"
        button={(to) =>
          scheduleBlocked(to)
            ? {
                variant: 'outline',
                disabled: true,
                ariaLabel: `${moveVerb[to]} ${person}`,
                describedBy: fullId,
                title: 'No place left in this study',
                // The row says FULL once (the places); the button keeps its verb, disabled.
                content: (
                  <>
                    {moveVerb[to]}
                    <span id={fullId} className="sr-only">
                      The study is full: no place left to schedule.
                    </span>
                  </>
                ),
              }
            : {
                variant: to === 'completed' ? 'default' : 'outline',
                ariaLabel: `${moveVerb[to]} ${person}`,
              }
        }
        menu={{
          trigger: 'more',
          ariaLabel: `More actions for ${person}`,
          label: `Move ${person} to`,
          item: (to) => ({
            disabled: scheduleBlocked(to),
            ariaLabel: `${moveVerb[to]} ${person}${scheduleBlocked(to) ? ' (study full)' : ''}`,
            badge: scheduleBlocked(to) && <span className="ml-auto text-xs">Study full</span>,
          }),
        }}
        confirm={refusal}
        pending={pending}
        onMove={(to) => (to === 'completed' ? setCompleting(true) : void move(to))}
        empty={<span className="text-xs text-muted-foreground">No further steps</span>}
      >
        {completing && (
          <AdminCompleteApplicationDialog
            open={completing}
            onOpenChange={setCompleting}
            person={person}
            study={application.test}
            pending={pending}
            onComplete={(hoursWorked) => move('completed', hoursWorked)}
          />
        )}
      </StatusActions>
    </div>
  );
}
