import { EllipsisVerticalIcon, Loader2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/client/components/ui/alert-dialog';
import { Button, buttonVariants } from '@/client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessageOf } from '@/client/lib/error-message';
import { cn } from '@/client/lib/utils';
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
 * once scheduled), the rest in a menu. Scheduling is disabled and marked FULL when
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
  const [chosen, setChosen] = useState<ApplicationStatus | null>(null);
  const [confirming, setConfirming] = useState<ApplicationStatus | null>(null);
  const [completing, setCompleting] = useState(false);
  const fullId = useId();
  const person = personOf(application);
  const moves = applicationTransitions[application.status];
  const primary = moves.find((to) => primaryMoves.includes(to));
  const others = moves.filter((to) => to !== primary);
  const pending = update.isPending;

  async function move(to: ApplicationStatus, hoursWorked?: number): Promise<boolean> {
    setChosen(to);
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
      toast({
        variant: 'destructive',
        title: 'Failed to update application',
        description: errorMessageOf(error, 'The application could not be moved. Please try again.'),
      });
      return false;
    }
  }

  function choose(to: ApplicationStatus) {
    if (to === 'completed') setCompleting(true);
    else if (finalRefusals.includes(to)) setConfirming(to);
    else void move(to);
  }

  if (moves.length === 0) {
    return <span className="text-xs text-muted-foreground">No further steps</span>;
  }

  const label = (to: ApplicationStatus) => (pending && chosen === to ? 'Saving…' : moveVerb[to]);
  const scheduleBlocked = (to: ApplicationStatus) => to === 'scheduled' && full;

  return (
    <div className="flex items-center justify-end gap-1">
      {primary && (
        <Button
          size="sm"
          variant={primary === 'completed' ? 'default' : 'outline'}
          disabled={pending || scheduleBlocked(primary)}
          aria-label={`${moveVerb[primary]} ${person}`}
          aria-describedby={scheduleBlocked(primary) ? fullId : undefined}
          title={scheduleBlocked(primary) ? 'No place left in this study' : undefined}
          className={cn(
            scheduleBlocked(primary) && 'border-red-200 text-red-800 disabled:opacity-100',
          )}
          onClick={() => choose(primary)}
        >
          {pending && chosen === primary && (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          )}
          {scheduleBlocked(primary) ? 'FULL' : label(primary)}
          {scheduleBlocked(primary) && (
            <span id={fullId} className="sr-only">
              The study is full: no place left to schedule.
            </span>
          )}
        </Button>
      )}
      {others.length > 0 && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              size="icon"
              variant="ghost"
              className="size-9"
              disabled={pending}
              aria-label={`More actions for ${person}`}
              title="More actions"
            >
              {pending && chosen !== null && chosen !== primary ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <EllipsisVerticalIcon aria-hidden="true" />
              )}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>Move {person} to</DropdownMenuLabel>
            {others.map((to) => (
              <DropdownMenuItem
                key={to}
                disabled={scheduleBlocked(to)}
                onSelect={() => choose(to)}
                aria-label={`${moveVerb[to]} ${person}${scheduleBlocked(to) ? ' (study full)' : ''}`}
              >
                {moveVerb[to]}
                {scheduleBlocked(to) && <span className="ml-auto text-xs">FULL</span>}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      )}

      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {confirming === 'disqualified' ? 'Disqualify' : 'Decline'} {person}?
            </AlertDialogTitle>
            <AlertDialogDescription>
              {confirming === 'disqualified'
                ? `${person} will be disqualified from “${application.test.title}”. This is final: the application cannot be moved again.`
                : `${person}’s application to “${application.test.title}” will be declined and they will be told by e-mail. This is final: the application cannot be moved again.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep application</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: 'destructive' })}
              onClick={() => confirming && void move(confirming)}
            >
              {confirming === 'disqualified' ? 'Disqualify' : 'Decline'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      {completing && (
        <AdminCompleteApplicationDialog
          open={completing}
          onOpenChange={setCompleting}
          person={person}
          study={application.test}
          pending={pending && chosen === 'completed'}
          onComplete={(hoursWorked) => move('completed', hoursWorked)}
        />
      )}
    </div>
  );
}
