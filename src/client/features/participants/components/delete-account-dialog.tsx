import { Trash2Icon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { toastFailure } from '@/client/lib/toast-failure';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { useDeleteParticipant } from '@/client/api/participants/delete-participant';

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
  const remove = useDeleteParticipant();

  async function confirm() {
    try {
      await remove.mutateAsync(participantId);
      onDeleted();
      return true;
    } catch (error) {
      toastFailure('Delete failed', error, 'Your account was not deleted. Please try again.');
      return false;
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive">
          <Trash2Icon aria-hidden="true" />
          Delete account
        </Button>
      }
      title="Delete your account?"
      description={
        <div className="grid gap-2">
          <p>This cannot be undone. Deleting your account permanently removes:</p>
          <ul className="list-disc pl-5">
            <li>your profile and contact details,</li>
            <li>your profile photo,</li>
            <li>your applications to studies,</li>
            <li>your sign-ins on every device.</li>
          </ul>
          <p>
            Records of payments made to you are kept, without your name, because we must keep them
            for accounting.
          </p>
        </div>
      }
      confirmLabel="Delete my account"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
