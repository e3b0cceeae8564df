import { useId, useRef, useState } from 'react';
import { useKeepFocus } from '@/client/lib/use-keep-focus';
import { type MoveButton, StatusActions } from '@/client/components/domain/status-actions';
import { sessionStartText } from '@/client/lib/admin-session-time';
import { toastFailure } from '@/client/lib/toast-failure';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/use-toast';
import { applicationTransitions } from '@/shared/rules/transitions';
import type { AdminApplication, Application } from '@/shared/schemas/applications';
import type { ApplicationStatus, Attendance } from '@/shared/schemas/options';
import { useUpdateApplicationStatus } from '@/client/api/applications/update-application-status';
import { useCancelBooking } from '@/client/api/sessions/cancel-booking';
import { useMarkAttendance } from '@/client/api/sessions/mark-attendance';
import { useStudySessions } from '@/client/api/sessions/get-study-sessions';
import { isFinalApplication } from '@/shared/rules/transitions';
import { AdminCompleteApplicationDialog } from './admin-complete-application-dialog';
import { AdminBookSessionDialog } from './admin-book-session-dialog';
import { AdminAddPaymentDialog } from './admin-add-payment-dialog';

/** A session study's own actions beside the status moves (decisions.md section 9). */
type SessionAction = 'book' | 'cancel-booking' | 'mark-attended' | 'mark-no_show' | 'mark-excused';
/** A show-up fee, transport refund, bonus or other payment (decisions.md section 11). */
type Action = ApplicationStatus | SessionAction | 'add-payment';

/** The verb on each move's button: "Schedule Jane Doe". */
const moveVerb: Record<Action, string> = {
  interested: 'Reopen',
  screening: 'Screen',
  selected: 'Select',
  scheduled: 'Schedule',
  completed: 'Complete',
  declined: 'Decline',
  disqualified: 'Disqualify',
  withdrawn: 'Withdraw',
  no_show: 'Mark no-show',
  book: 'Book session…',
  'cancel-booking': 'Cancel booking',
  'mark-attended': 'Mark attended',
  'mark-no_show': 'Mark no-show',
  'mark-excused': 'Mark excused',
  'add-payment': 'Add payment…',
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

const markedText: Record<Attendance, string> = {
  attended: 'is marked attended: they can now be completed',
  no_show: 'is marked as a no-show',
  excused: 'is excused and back to selected',
};

/** The step most often taken next, offered as the button; the others sit in the menu. */
const primaryMoves: readonly Action[] = ['scheduled', 'book', 'completed'];

/** Moves that end the application for good: asked first. */
const finalRefusals: readonly Action[] = ['declined', 'disqualified'];

type Row = Application & Partial<Pick<AdminApplication, 'participant'>>;

function personOf(application: Row): string {
  const person = application.participant;
  if (person === null) return 'Deleted participant';
  if (person) return `${person.firstName} ${person.lastName}`.trim();
  return 'this participant';
}

/**
 * The actions a row offers, in order (the refusals last). A study that runs in sessions
 * books instead of scheduling; a booked applicant can be moved, have the booking cancelled
 * and, once the session starts, be marked. Without sessions, scheduled -> selected is
 * "Unschedule", in the menu.
 */
function actionsOf(application: Application, inSessions: boolean): Action[] {
  const moves = applicationTransitions[application.status];
  // Scheduled, completed and (in a study with sessions) excused, back to selected, can be paid extra.
  const payable =
    application.status === 'scheduled' ||
    application.status === 'completed' ||
    (inSessions && application.status === 'selected');
  const extras: Action[] = payable ? ['add-payment'] : [];
  if (!inSessions) {
    const ahead = moves.filter((to) => !finalRefusals.includes(to));
    return [...ahead, ...extras, ...moves.filter((to) => finalRefusals.includes(to))];
  }
  const out: Action[] = [];
  for (const to of moves) {
    if (to === 'scheduled') out.push('book');
    else if (to === 'selected' && application.status === 'scheduled') continue;
    else if (!finalRefusals.includes(to)) out.push(to);
  }
  if (application.status === 'scheduled') {
    out.push('mark-attended', 'mark-no_show', 'mark-excused', 'book', 'cancel-booking');
  }
  return [...out, ...extras, ...moves.filter((to) => finalRefusals.includes(to))];
}

/**
 * The admin's row actions for one application, following the state machine of
 * decisions.md sections 5 and 9: the main next step as a button (Schedule or "Book
 * session…", then Complete), the rest in a menu. Scheduling and booking are disabled
 * (the reason said) when `full`; in a study with sessions, Complete waits for "attended"
 * and the marks wait for the start. Completing asks for the hours worked; declining,
 * disqualifying and cancelling a booking ask first. While the study's sessions load, a
 * placeholder stands in (Schedule or "Book session…" is not known yet). Final states offer
 * nothing but "Add payment…" on a completed one (decisions.md section 11: scheduled, completed
 * and excused applicants, the last back to selected, can be paid a show-up fee, transport or a
 * bonus). Toasts say how it went.
 */
export function ApplicationActions({
  application,
  full,
}: {
  application: Application | AdminApplication;
  full: boolean;
}) {
  const update = useUpdateApplicationStatus();
  const cancelBooking = useCancelBooking();
  const mark = useMarkAttendance();
  // Whether the study runs in sessions: a booked application says so; otherwise its sessions.
  const sessions = useStudySessions(application.testId, {
    enabled: !application.session && !isFinalApplication(application.status),
  });
  const inSessions = application.session !== null || (sessions.data?.length ?? 0) > 0;
  // Until the study's sessions are known, Schedule and "Book session…" cannot be told apart.
  const deciding = sessions.isLoading;
  const [completing, setCompleting] = useState(false);
  const [booking, setBooking] = useState(false);
  const [paying, setPaying] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const moved = useKeepFocus(box);
  const reasonId = useId();
  const person = personOf(application);
  const actions = actionsOf(application, inSessions);
  // A completed application's one action left is adding a payment: a button of its own.
  const primary =
    actions.find((to) => primaryMoves.includes(to)) ??
    (application.status === 'completed' ? actions[0] : undefined);
  const pending = update.isPending || cancelBooking.isPending || mark.isPending;
  const started =
    application.session !== null && Date.parse(application.session.startsAt) <= Date.now();

  // A second click on a confirmation lands before isPending shows: one request per move.
  const busy = useRef(false);

  async function run(work: () => Promise<unknown>, done: string, failure: string) {
    if (busy.current) return false;
    busy.current = true;
    moved();
    try {
      await work();
      toast({ title: 'Application updated', description: `${person} ${done}.` });
      return true;
    } catch (error) {
      toastFailure(failure, error, 'The application was not changed. Please try again.');
      return false;
    } finally {
      busy.current = false;
    }
  }

  const move = (to: ApplicationStatus, hoursWorked?: number) =>
    run(
      () =>
        update.mutateAsync({
          id: application.id,
          status: to,
          ...(hoursWorked !== undefined ? { hoursWorked } : {}),
        }),
      movedText[to],
      'Failed to update application',
    );

  function act(to: Action) {
    if (to === 'completed') setCompleting(true);
    else if (to === 'book') setBooking(true);
    else if (to === 'add-payment') setPaying(true);
    else if (to === 'cancel-booking')
      void run(
        () => cancelBooking.mutateAsync(application.id),
        'is no longer booked: back to selected, seat freed',
        'Failed to cancel booking',
      );
    else if (to.startsWith('mark-')) {
      const attendance = to.slice('mark-'.length) as Attendance;
      void run(
        () => mark.mutateAsync({ applicationId: application.id, attendance }),
        markedText[attendance],
        'Failed to mark attendance',
      );
    } else void move(to as ApplicationStatus);
  }

  /** Why an action cannot be taken now, or undefined when it can. */
  function blocked(to: Action): { reason: string; short: string } | undefined {
    if ((to === 'scheduled' || (to === 'book' && application.status !== 'scheduled')) && full)
      return { reason: 'The study is full: no place left to schedule.', short: 'Study full' };
    if (to === 'completed' && inSessions && application.attendance !== 'attended')
      return {
        reason: started
          ? 'Mark them attended before completing.'
          : 'Completing opens once the session has started and they are marked attended.',
        short: 'Not attended',
      };
    if (to.startsWith('mark-') && !started)
      return { reason: 'Attendance opens when the session starts.', short: 'After start' };
    return undefined;
  }

  const verb = (to: Action) =>
    to === 'selected' && application.status === 'scheduled'
      ? 'Unschedule'
      : to === 'book' && application.status === 'scheduled'
        ? 'Move to another session…'
        : moveVerb[to];

  /** Asked first: the final refusals, and cancelling a booking (the person is told). */
  const confirmation = (to: Action) => {
    if (to === 'cancel-booking') {
      const when = application.session ? `${sessionStartText(application.session.startsAt)}. ` : '';
      return {
        title: `Cancel ${person}’s booking?`,
        description: `${when}${person} will be told by e-mail and SMS and go back to selected, so they can book another session; the seat is freed.`,
        confirmLabel: 'Cancel booking',
        cancelLabel: 'Keep booking',
        destructive: true,
      };
    }
    if (!finalRefusals.includes(to)) return undefined;
    const refuse = to === 'disqualified' ? 'Disqualify' : 'Decline';
    const study = application.test.title;
    return {
      title: `${refuse} ${person}?`,
      description:
        to === 'disqualified'
          ? `${person} will be disqualified from “${study}”. This is final: the application cannot be moved again.`
          : `${person}’s application to “${study}” will be declined and they will be told by e-mail. This is final: the application cannot be moved again.`,
      confirmLabel: refuse,
      cancelLabel: 'Keep application',
      destructive: true,
    };
  };

  function button(to: Action): MoveButton {
    const stop = blocked(to);
    const name =
      to === 'add-payment'
        ? `Add payment for ${person}`
        : `${to === 'book' ? 'Book session for' : verb(to)} ${person}`;
    if (!stop) return { variant: to === 'completed' ? 'default' : 'outline', ariaLabel: name };
    return {
      variant: 'outline',
      disabled: true,
      ariaLabel: name,
      describedBy: reasonId,
      title: stop.reason,
      // The row says FULL once (the places); the button keeps its verb, disabled.
      content: (
        <>
          {verb(to)}
          <span id={reasonId} className="sr-only">
            {stop.reason}
          </span>
        </>
      ),
    };
  }

  if (deciding)
    return (
      <div ref={box} className="flex items-center justify-end gap-1" aria-busy="true">
        <Skeleton className="h-8 w-24 rounded-md" />
        <Skeleton className="size-9 rounded-md" />
        <span className="sr-only">Loading the actions for {person}…</span>
      </div>
    );

  return (
    <div ref={box} className="flex items-center justify-end gap-1">
      <StatusActions<Action>
        moves={actions}
        asButtons={primary ? [primary] : []}
        // Schedule becomes Complete in the same button, so the focus stays on it.
        keyByPosition
        verb={verb}
        buttonSize="sm"
        button={button}
        menu={{
          trigger: 'more',
          ariaLabel: `More actions for ${person}`,
          label: `Actions for ${person}`,
          item: (to) => {
            const stop = blocked(to);
            return {
              disabled: stop !== undefined,
              ariaLabel:
                to === 'add-payment'
                  ? `Add payment for ${person}`
                  : `${verb(to)} ${person}${stop ? ` (${stop.short.toLowerCase()})` : ''}`,
              badge: stop && <span className="ml-auto pl-2 text-xs">{stop.short}</span>,
            };
          },
        }}
        confirm={confirmation}
        pending={pending}
        onMove={act}
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
        {booking && (
          <AdminBookSessionDialog
            open={booking}
            onOpenChange={setBooking}
            application={application}
            person={person}
            onBooked={moved}
          />
        )}
        {paying && (
          <AdminAddPaymentDialog
            open={paying}
            onOpenChange={setPaying}
            application={application}
            person={person}
            onAdded={moved}
          />
        )}
      </StatusActions>
    </div>
  );
}
