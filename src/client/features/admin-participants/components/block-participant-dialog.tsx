import { BanIcon, UndoIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useBlockParticipant } from '@/client/api/participants/block-participant';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { Label } from '@/client/components/ui/label';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessageOf } from '@/client/lib/error-message';
import type { AdminParticipant, Participant } from '@/shared/schemas/participants';
import { blockSchema } from '@/shared/schemas/recruiting';
import { fullNameOf } from '../participant-format';

/**
 * Block or Unblock (PUT /api/participants/{id}/block, audited), asked first with a reason:
 * a blocked participant's sign-ins end, and they cannot sign in or apply until unblocked.
 */
export function BlockParticipantDialog({
  participant,
  onChanged,
}: {
  participant: Participant;
  onChanged: (participant: AdminParticipant | undefined) => void;
}) {
  const block = useBlockParticipant();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const id = useId();
  const name = fullNameOf(participant);
  const blocking = !participant.blocked;

  async function confirm(): Promise<boolean> {
    const body = blockSchema.safeParse({
      blocked: blocking,
      ...(reason.trim() ? { reason } : {}),
    });
    if (!body.success) {
      setError(body.error.issues[0]?.message ?? 'Check the reason.');
      return false;
    }
    setError('');
    try {
      const answer = await block.mutateAsync({ id: participant.id, ...body.data });
      toast({
        title: blocking ? 'Participant blocked' : 'Participant unblocked',
        description: blocking
          ? `${name} can no longer sign in or apply.`
          : `${name} can sign in and apply again.`,
      });
      setReason('');
      onChanged(answer.participant);
      return true;
    } catch (failure) {
      setError(
        errorMessageOf(
          failure,
          blocking ? 'The participant was not blocked.' : 'The participant was not unblocked.',
        ),
      );
      return false;
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className={blocking ? 'text-destructive' : undefined}>
          {blocking ? <BanIcon aria-hidden="true" /> : <UndoIcon aria-hidden="true" />}
          {blocking ? 'Block' : 'Unblock'}
          <span className="sr-only"> {name}</span>
        </Button>
      }
      title={blocking ? `Block ${name}?` : `Unblock ${name}?`}
      description={
        blocking
          ? 'Their sign-ins end at once; they cannot sign in or apply to studies until unblocked. Nothing is deleted.'
          : 'They can sign in and apply to studies again.'
      }
      confirmLabel={blocking ? 'Block' : 'Unblock'}
      pendingLabel={blocking ? 'Blocking…' : 'Unblocking…'}
      destructive={blocking}
      pending={block.isPending}
      onConfirm={confirm}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={id}>
          Reason{' '}
          <span className="font-normal text-muted-foreground">
            (optional, kept in the audit log)
          </span>
        </Label>
        <Textarea
          id={id}
          rows={3}
          className="min-h-20"
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
