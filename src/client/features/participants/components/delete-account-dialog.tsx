import { DeleteParticipantConfirm } from '@/client/components/domain/delete-participant-confirm';

const text = {
  trigger: 'Delete account',
  title: 'Delete your account?',
  intro: 'This cannot be undone. Deleting your account permanently removes:',
  removed: [
    'your profile and contact details,',
    'your profile photo,',
    'your applications to studies,',
    'your sign-ins on every device.',
  ],
  kept: 'Records of payments made to you are kept, without your name, because we must keep them for accounting.',
  confirm: 'Delete my account',
  failureTitle: 'Delete failed',
  failure: 'Your account was not deleted. Please try again.',
};

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
  return (
    <DeleteParticipantConfirm participantId={participantId} text={text} onDeleted={onDeleted} />
  );
}
