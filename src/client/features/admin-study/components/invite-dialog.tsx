import { MailPlusIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useMatches } from '@/client/api/studies/get-matches';
import { useInviteParticipants } from '@/client/api/studies/invite-participants';
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
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { ErrorState } from '@/client/components/ui/list-states';
import { PendingButton } from '@/client/components/ui/pending-button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessageOf } from '@/client/lib/error-message';
import { INVITE_LIMIT_MAX, type InvitationResult } from '@/shared/schemas/recruiting';
import type { Study } from '@/shared/schemas/studies';

const count = (n: number) => n.toLocaleString('en-KE');
const people = (n: number) => `${count(n)} ${n === 1 ? 'participant' : 'participants'}`;

/** The answer of an invitation round in words: who was invited, and who was left out and why. */
const lastDays = (days: number) => (days === 1 ? 'the last day' : `the last ${days} days`);

export function invitationSummary(
  { invited, skipped }: InvitationResult,
  cooldownDays: number,
): string {
  const left = [
    skipped.cooldown > 0 &&
      `${count(skipped.cooldown)} invited to another study in ${lastDays(cooldownDays)}`,
    skipped.optedOut > 0 && `${count(skipped.optedOut)} not opted in to invitations`,
    skipped.alreadyInvited > 0 && `${count(skipped.alreadyInvited)} already invited to this test`,
  ].filter(Boolean);
  const first = invited === 0 ? 'No one was invited.' : `Invited ${people(invited)}.`;
  return left.length === 0 ? first : `${first} Skipped: ${left.join('; ')}.`;
}

/**
 * "Invite participants" (decisions.md section 10): how many eligible participants the test
 * reaches and how many can be invited now, how many to invite (least recently invited
 * first), and what the round did, in words.
 */
export function InviteDialog({ study }: { study: Study }) {
  const [open, setOpen] = useState(false);
  const matches = useMatches(study.id, undefined, { enabled: open });
  const invite = useInviteParticipants();
  const [limit, setLimit] = useState('');
  const [error, setError] = useState('');
  const [result, setResult] = useState<InvitationResult | null>(null);
  const id = useId();

  const invitable = matches.data?.invitable ?? 0;
  const cooldownDays = matches.data?.cooldownDays ?? 0;
  // Estimates (decision 037) are rounded: the server invites whoever is invitable, up to the
  // number asked, so an estimate does not cap it.
  const estimated = matches.data?.estimated === true;
  const max = estimated ? INVITE_LIMIT_MAX : Math.min(invitable, INVITE_LIMIT_MAX);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const n = Number(limit);
    if (limit.trim() === '' || !Number.isInteger(n) || n < 1 || n > max) {
      setError(`Enter a whole number from 1 to ${count(max)}.`);
      return;
    }
    setError('');
    try {
      const answer = await invite.mutateAsync({ id: study.id, limit: n });
      setResult(answer);
      setLimit('');
      toast({ title: 'Invitations sent', description: invitationSummary(answer, cooldownDays) });
    } catch (failure) {
      setError(errorMessageOf(failure, 'The invitations were not sent. Please try again.'));
    }
  }

  let body;
  if (matches.isPending) {
    body = (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Counting eligible participants…</span>
        <Skeleton className="h-5 w-64 max-w-full" />
        <Skeleton className="h-9 w-40" />
      </div>
    );
  } else if (matches.isError) {
    body = (
      <ErrorState
        title="The eligible participants could not be counted."
        message={errorMessageOf(matches.error, 'Please try again.')}
        onRetry={() => void matches.refetch()}
        retrying={matches.isFetching}
      />
    );
  } else {
    body = (
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        {/* What was just done comes first: the counts below it are now after it. */}
        {result && (
          <p
            role="status"
            className="rounded-md bg-muted px-3 py-2 text-sm"
            data-testid="invite-result"
          >
            {invitationSummary(result, cooldownDays)}
          </p>
        )}
        <p className="text-sm" data-testid="invite-matches">
          <span className="font-semibold">
            {estimated && 'About '}
            {count(matches.data.total)} eligible
          </span>{' '}
          (not yet applied) ·{' '}
          <span className="font-semibold">
            {estimated && 'about '}
            {count(invitable)} can be invited
          </span>{' '}
          now (opted in, not invited to this test, and not invited to any study in{' '}
          {lastDays(cooldownDays)}).
        </p>
        {invitable === 0 ? (
          <p className="text-sm text-muted-foreground">
            No one can be invited now: everyone eligible has either not opted in to invitations,
            been invited to this test already, or been invited to a study in{' '}
            {lastDays(cooldownDays)}. Widen the criteria, or try again later.
          </p>
        ) : (
          <div className="grid gap-1.5">
            <Label htmlFor={id}>How many to invite</Label>
            <Input
              id={id}
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              step={1}
              value={limit}
              onChange={(event) => setLimit(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              className="w-40"
            />
            <p id={`${id}-hint`} className="text-sm text-muted-foreground">
              From 1 to {count(max)}; those invited least recently go first.
            </p>
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
        )}
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            disabled={invite.isPending}
            onClick={() => setOpen(false)}
          >
            Close
          </Button>
          {invitable > 0 && (
            <PendingButton type="submit" pending={invite.isPending} pendingLabel="Inviting…">
              Invite
            </PendingButton>
          )}
        </DialogFooter>
      </form>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (invite.isPending) return;
        if (next) {
          setResult(null);
          setError('');
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <MailPlusIcon aria-hidden="true" />
          Invite participants
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite participants</DialogTitle>
          <DialogDescription>
            {study.title}: invite eligible participants by e-mail (and SMS when it is set up). Each
            invitation carries a one-click unsubscribe link.
          </DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
    </Dialog>
  );
}
