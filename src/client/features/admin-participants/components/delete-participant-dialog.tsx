import { DeleteParticipantConfirm } from '@/client/components/domain/delete-participant-confirm';
import { toast } from '@/client/components/ui/use-toast';
import type { Participant } from '@/shared/schemas/participants';
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
  const name = fullNameOf(participant);
  return (
    <DeleteParticipantConfirm
      participantId={participant.id}
      text={{
        trigger: 'Delete participant',
        title: `Delete ${name}?`,
        intro: 'This cannot be undone. It permanently removes:',
        removed: [
          'the person and their profile,',
          'their profile photo,',
          'their applications to studies,',
          'their sign-ins on every device.',
        ],
        kept: 'Payments made to them are kept, without their name, for accounting.',
        confirm: 'Delete permanently',
        failureTitle: 'Failed to delete participant',
        failure: 'The participant was not deleted. Please try again.',
      }}
      onDeleted={() => {
        toast({
          title: 'Participant deleted',
          description: `${name} and their data have been removed.`,
        });
        onDeleted();
      }}
    />
  );
}
