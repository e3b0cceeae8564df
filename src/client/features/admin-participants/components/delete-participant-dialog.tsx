import { Loader2Icon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/client/components/ui/alert-dialog';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessageOf } from '@/client/lib/error-message';
import type { Participant } from '@/shared/schemas/participants';
import { useDeleteParticipant } from '../api/delete-participant';
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
  const [open, setOpen] = useState(false);
  const remove = useDeleteParticipant();
  const pending = remove.isPending;
  const name = fullNameOf(participant);

  async function confirm() {
    try {
      await remove.mutateAsync(participant.id);
      setOpen(false);
      toast({
        title: 'Participant deleted',
        description: `${name} and their data have been removed.`,
      });
      onDeleted();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to delete participant',
        description: errorMessageOf(error, 'The participant was not deleted. Please try again.'),
      });
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2Icon aria-hidden="true" />
          Delete participant
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {name}?</AlertDialogTitle>
          <AlertDialogDescription asChild>
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
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={() => void confirm()} disabled={pending}>
            {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {pending ? 'Deleting…' : 'Delete permanently'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
