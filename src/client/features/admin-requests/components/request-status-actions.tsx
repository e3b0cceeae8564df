import { ChevronDownIcon, Loader2Icon } from 'lucide-react';
import { useState } from 'react';
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
import { Button } from '@/client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { requestTransitions } from '@/shared/rules/transitions';
import type { RequestStatus } from '@/shared/schemas/options';
import { requestMoveLabel } from './request-status';

type Props = {
  company: string;
  status: RequestStatus;
  pending: boolean;
  onMove: (to: RequestStatus) => void;
  /** A menu in a table row, or a row of buttons in the details dialog. */
  variant: 'menu' | 'buttons';
};

/**
 * The moves the request's state allows (decisions.md section 5), and only those.
 * Closing is final (a closed request moves nowhere), so it asks first.
 */
export function RequestStatusActions({ company, status, pending, onMove, variant }: Props) {
  const [confirmClose, setConfirmClose] = useState(false);
  const [chosen, setChosen] = useState<RequestStatus | null>(null);
  const moves = requestTransitions[status];

  function move(to: RequestStatus) {
    setChosen(to);
    onMove(to);
  }

  function choose(to: RequestStatus) {
    if (to === 'closed') setConfirmClose(true);
    else move(to);
  }

  const confirm = (
    <AlertDialog open={confirmClose} onOpenChange={setConfirmClose}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Close the request from {company}?</AlertDialogTitle>
          <AlertDialogDescription>
            A closed request cannot be reopened or moved again. Close it once the work is finished
            or the lead has gone cold.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it open</AlertDialogCancel>
          <AlertDialogAction onClick={() => move('closed')}>Close request</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );

  if (moves.length === 0) {
    return variant === 'menu' ? (
      <span className="text-xs text-muted-foreground">No further steps</span>
    ) : (
      <p className="text-sm text-muted-foreground">This request is closed: no further steps.</p>
    );
  }

  if (variant === 'buttons') {
    return (
      <div className="flex flex-wrap gap-2">
        {moves.map((to, i) => (
          <Button
            key={to}
            variant={i === 0 ? 'default' : 'outline'}
            disabled={pending}
            onClick={() => choose(to)}
          >
            {pending && chosen === to && (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            )}
            {pending && chosen === to ? 'Saving…' : requestMoveLabel(to)}
          </Button>
        ))}
        {confirm}
      </div>
    );
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            disabled={pending}
            aria-label={`Update status: ${company}`}
          >
            {pending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <ChevronDownIcon aria-hidden="true" />
            )}
            {pending ? 'Updating…' : 'Update'}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>Move to</DropdownMenuLabel>
          {moves.map((to) => (
            <DropdownMenuItem key={to} onSelect={() => choose(to)}>
              {requestMoveLabel(to)}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      {confirm}
    </>
  );
}
