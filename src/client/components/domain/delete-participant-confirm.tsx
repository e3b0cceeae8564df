import { Trash2Icon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { useT } from '@/client/i18n/language';
import { toastFailure } from '@/client/lib/toast-failure';
import { useDeleteParticipant } from '@/client/api/participants/delete-participant';

/**
 * Deleting a participant account, by an admin or by the participant: the same request
 * behind a confirmation that lists what goes and says what stays. Only the wording
 * differs, as it speaks of "them" or of "you".
 */
export function DeleteParticipantConfirm({
  participantId,
  text,
  onDeleted,
}: {
  participantId: string;
  text: {
    trigger: string;
    title: string;
    intro: string;
    removed: readonly string[];
    kept: string;
    confirm: string;
    failureTitle: string;
    failure: string;
  };
  onDeleted: () => void;
}) {
  const t = useT('profile');
  const remove = useDeleteParticipant();

  async function confirm() {
    try {
      await remove.mutateAsync(participantId);
      onDeleted();
      return true;
    } catch (error) {
      toastFailure(text.failureTitle, error, text.failure);
      return false;
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive">
          <Trash2Icon aria-hidden="true" />
          {text.trigger}
        </Button>
      }
      title={text.title}
      description={
        <div className="grid gap-2">
          <p>{text.intro}</p>
          <ul className="list-disc pl-5">
            {text.removed.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p>{text.kept}</p>
        </div>
      }
      confirmLabel={text.confirm}
      pendingLabel={t('delete.pending')}
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
