import { Trash2Icon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { toastFailure } from '@/client/lib/toast-failure';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { toast } from '@/client/components/ui/use-toast';
import type { Participant } from '@/shared/schemas/participants';
import { useDeleteParticipant } from '@/client/api/participants/delete-participant';
import { fullNameOf } from '../participant-format';

/**
 * "Delete participant" behind a confirmation that says what goes (the person, profile,
 * photo, applications, sign-ins) and what stays (payments, for accounting).
 */
export function DeleteParticipantDialog({
  participant,
  onDeleted,
}: {
  participant: Participant;
  onDeleted: () => void;
}) {
  const remove = useDeleteParticipant();
  const name = fullNameOf(participant);

  async function confirm() {
    try {
      await remove.mutateAsync(participant.id);
      toast({
        title: 'Participant deleted',
        description: `${name} and their data have been removed.`,
      });
      onDeleted();
      return true;
    } catch (error) {
      toastFailure(
        'Failed to delete participant',
        error,
        'The participant was not deleted. Please try again.',
      );
      return false;
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive">
          <Trash2Icon aria-hidden="true" />
          Delete participant
        </Button>
      }
      title={`Delete ${name}?`}
      description={
        <div className="grid gap-2">
          <p>This cannot be undone. It permanently removes:</p>
          <ul className="list-disc pl-5">
            <li>the person and their profile,</li>
            <li>their profile photo,</li>
            <li>their applications to studies,</li>
            <li>their sign-ins on every device.</li>
          </ul>
          <p>Payments made to them are kept, without their name, for accounting.</p>
        </div>
      }
      confirmLabel="Delete permanently"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
