import { DeleteParticipantConfirm } from '@/client/components/domain/delete-participant-confirm';
import { useT } from '@/client/i18n/language';

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
  const t = useT('profile');
  const text = {
    trigger: t('delete.trigger'),
    title: t('delete.title'),
    intro: t('delete.intro'),
    removed: [
      t('delete.removed.profile'),
      t('delete.removed.photo'),
      t('delete.removed.applications'),
      t('delete.removed.signIns'),
    ],
    kept: t('delete.kept'),
    confirm: t('delete.confirm'),
    failureTitle: t('delete.failed.title'),
    failure: t('delete.failed.description'),
  };
  return (
    <DeleteParticipantConfirm participantId={participantId} text={text} onDeleted={onDeleted} />
  );
}
