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
import { useDeleteParticipant } from '../api/delete-participant';

/**
 * Account deletion behind a confirmation that names what goes (profile, photo,
 * applications, sign-ins) and what stays (payment records, for accounting).
 */
export function DeleteAccountDialog({
  participantId,
  onDeleted,
}: {
  participantId: string;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteParticipant();
  const pending = remove.isPending;

  async function confirm() {
    try {
      await remove.mutateAsync(participantId);
      setOpen(false);
      onDeleted();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Delete failed',
        description: errorMessageOf(error, 'Your account was not deleted. Please try again.'),
      });
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2Icon aria-hidden="true" />
          Delete account
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete your account?</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">
              <p>This cannot be undone. Deleting your account permanently removes:</p>
              <ul className="list-disc pl-5">
                <li>your profile and contact details,</li>
                <li>your profile photo,</li>
                <li>your applications to studies,</li>
                <li>your sign-ins on every device.</li>
              </ul>
              <p>
                Records of payments made to you are kept, without your name, because we must keep
                them for accounting.
              </p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={() => void confirm()} disabled={pending}>
            {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {pending ? 'Deleting…' : 'Delete my account'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
